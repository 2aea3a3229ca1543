export function install(__reelShared){var Cs=Object.defineProperty;var Hi=e=>{throw TypeError(e)};var Ms=(e,t,i)=>t in e?Cs(e,t,{enumerable:!0,configurable:!0,writable:!0,value:i}):e[t]=i;var xe=(e,t,i)=>Ms(e,typeof t!="symbol"?t+"":t,i),Ce=(e,t,i)=>t.has(e)||Hi("Cannot "+i);var j=(e,t,i)=>(Ce(e,t,"read from private field"),i?i.call(e):t.get(e)),zt=(e,t,i)=>t.has(e)?Hi("Cannot add the same private member more than once"):t instanceof WeakSet?t.add(e):t.set(e,i),Me=(e,t,i,s)=>(Ce(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),Le=(e,t,i)=>(Ce(e,t,"access private method"),i);var Pi=__reelShared[9],gt=Pi.document,r=Pi.globalThis;var U=class extends Event{constructor({action:t="auto",relatedTarget:i,...s}){super("invoke",s),this.action=t,this.relatedTarget=i}},Zt=class extends Event{constructor({newState:t,oldState:i,...s}){super("toggle",s),this.newState=t,this.oldState=i}};var g=__reelShared[6],Ni=g.closestComposedNode,W=g.containsComposedNode,Ft=g.getActiveElement,we=g.getAttributeMediaController,tt=g.getBooleanAttr,et=g.getDocumentOrShadowRoot,f=g.getMediaController,C=g.getNumericAttr,Oi=g.getOrInsertCSSRule,_=g.getStringAttr,Ui=g.insertCSSRule,it=g.namedNodeMapToObject,st=g.setBooleanAttr,M=g.setNumericAttr,k=g.setStringAttr;var Oe=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},E=(e,t,i)=>(Oe(e,t,"read from private field"),i?i.call(e):t.get(e)),H=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Re=(e,t,i,s)=>(Oe(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),at=(e,t,i)=>(Oe(e,t,"access private method"),i),Qt,_t,De,Wi,Xt,Ue,We,Bi,L,nt,He,Jt,Pe;function Ls(e){return`
    <style>
      :host {
        transition: var(--media-menu-item-transition,
          background .15s linear,
          opacity .2s ease-in-out
        );
        outline: var(--media-menu-item-outline, 0);
        outline-offset: var(--media-menu-item-outline-offset, -1px);
        cursor: var(--media-cursor, pointer);
        display: flex;
        align-items: center;
        align-self: stretch;
        justify-self: stretch;
        white-space: nowrap;
        white-space-collapse: collapse;
        text-wrap: nowrap;
        padding: .4em .8em .4em 1em;
      }

      :host(:focus-visible) {
        box-shadow: var(--media-menu-item-focus-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        outline: var(--media-menu-item-hover-outline, 0);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host(:hover) {
        cursor: var(--media-cursor, pointer);
        background: var(--media-menu-item-hover-background, rgb(92 92 102 / .5));
        outline: var(--media-menu-item-hover-outline);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host([aria-checked="true"]) {
        background: var(--media-menu-item-checked-background);
      }

      :host([hidden]) {
        display: none;
      }

      :host([disabled]) {
        pointer-events: none;
        color: rgba(255, 255, 255, .3);
      }

      slot:not([name]) {
        width: 100%;
      }

      slot:not([name="submenu"]) {
        display: inline-flex;
        align-items: center;
        transition: inherit;
        opacity: var(--media-menu-item-opacity, 1);
      }

      slot[name="description"] {
        justify-content: end;
      }

      slot[name="description"] > span {
        display: inline-block;
        margin-inline: 1em .2em;
        max-width: var(--media-menu-item-description-max-width, 100px);
        text-overflow: ellipsis;
        overflow: hidden;
        font-size: .8em;
        font-weight: 400;
        text-align: right;
        position: relative;
        top: .04em;
      }

      slot[name="checked-indicator"] {
        display: none;
      }

      :host(:is([role="menuitemradio"],[role="menuitemcheckbox"])) slot[name="checked-indicator"] {
        display: var(--media-menu-item-checked-indicator-display, inline-block);
      }

      
      svg, img, ::slotted(svg), ::slotted(img) {
        height: var(--media-menu-item-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
      }

      
      [part~="indicator"],
      ::slotted([part~="indicator"]) {
        fill: var(--media-menu-item-indicator-fill,
          var(--media-icon-color, var(--media-primary-color, rgb(238 238 238))));
        height: var(--media-menu-item-indicator-height, 1.25em);
        margin-right: .5ch;
      }

      [part~="checked-indicator"] {
        visibility: hidden;
      }

      :host([aria-checked="true"]) [part~="checked-indicator"] {
        visibility: visible;
      }
    </style>
    <slot name="checked-indicator">
      <svg aria-hidden="true" viewBox="0 1 24 24" part="checked-indicator indicator">
        <path d="m10 15.17 9.193-9.191 1.414 1.414-10.606 10.606-6.364-6.364 1.414-1.414 4.95 4.95Z"/>
      </svg>
    </slot>
    <slot name="prefix"></slot>
    <slot></slot>
    <slot name="description"></slot>
    <slot name="suffix">
      ${this.getSuffixSlotInnerHTML(e)}
    </slot>
    <slot name="submenu"></slot>
  `}function ws(e){return""}var S={TYPE:"type",VALUE:"value",CHECKED:"checked",DISABLED:"disabled"},rt=class extends r.HTMLElement{constructor(){if(super(),H(this,De),H(this,Xt),H(this,We),H(this,Jt),H(this,Qt,!1),H(this,_t,void 0),H(this,L,()=>{var t,i;this.submenuElement.items&&this.setAttribute("submenusize",`${this.submenuElement.items.length}`);let s=this.shadowRoot.querySelector('slot[name="description"]'),a=(t=this.submenuElement.checkedItems)==null?void 0:t[0],o=(i=a?.dataset.description)!=null?i:a?.text,l=gt.createElement("span");l.textContent=o??"",s.replaceChildren(l)}),H(this,nt,t=>{let{key:i}=t;if(!this.keysUsed.includes(i)){this.removeEventListener("keyup",E(this,nt));return}this.handleClick(t)}),H(this,He,t=>{let{metaKey:i,altKey:s,key:a}=t;if(i||s||!this.keysUsed.includes(a)){this.removeEventListener("keyup",E(this,nt));return}this.addEventListener("keyup",E(this,nt),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=it(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}}static get observedAttributes(){return[S.TYPE,S.DISABLED,S.CHECKED,S.VALUE]}enable(){this.hasAttribute("tabindex")||this.setAttribute("tabindex","-1"),Et(this)&&!this.hasAttribute("aria-checked")&&this.setAttribute("aria-checked","false"),this.addEventListener("click",this),this.addEventListener("keydown",this)}disable(){this.removeAttribute("tabindex"),this.removeEventListener("click",this),this.removeEventListener("keydown",this),this.removeEventListener("keyup",this)}handleEvent(t){switch(t.type){case"slotchange":at(this,De,Wi).call(this,t);break;case"click":this.handleClick(t);break;case"keydown":E(this,He).call(this,t);break;case"keyup":E(this,nt).call(this,t);break}}attributeChangedCallback(t,i,s){t===S.CHECKED&&Et(this)&&!E(this,Qt)?this.setAttribute("aria-checked",s!=null?"true":"false"):t===S.TYPE&&s!==i?this.role="menuitem"+s:t===S.DISABLED&&s!==i&&(s==null?this.enable():this.disable())}connectedCallback(){this.hasAttribute(S.DISABLED)||this.enable(),this.role="menuitem"+this.type,Re(this,_t,Ne(this,this.parentNode)),at(this,Jt,Pe).call(this),this.submenuElement&&at(this,Xt,Ue).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){this.disable(),at(this,Jt,Pe).call(this),Re(this,_t,null),this.shadowRoot.removeEventListener("slotchange",this)}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=et(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):this.submenuElement}get submenuElement(){return this.shadowRoot.querySelector('slot[name="submenu"]').assignedElements({flatten:!0})[0]}get type(){var t;return(t=this.getAttribute(S.TYPE))!=null?t:""}set type(t){this.setAttribute(S.TYPE,`${t}`)}get value(){var t;return(t=this.getAttribute(S.VALUE))!=null?t:this.text}set value(t){this.setAttribute(S.VALUE,t)}get text(){var t;return((t=this.textContent)!=null?t:"").trim()}get checked(){if(Et(this))return this.getAttribute("aria-checked")==="true"}set checked(t){Et(this)&&(Re(this,Qt,!0),this.setAttribute("aria-checked",t?"true":"false"),t?this.part.add("checked"):this.part.remove("checked"))}handleClick(t){Et(this)||this.invokeTargetElement&&W(this,t.target)&&this.invokeTargetElement.dispatchEvent(new U({relatedTarget:this}))}get keysUsed(){return["Enter"," "]}};Qt=new WeakMap;_t=new WeakMap;De=new WeakSet;Wi=function(e){let t=e.target;if(!t?.name)for(let s of t.assignedNodes({flatten:!0}))s instanceof Text&&s.textContent.trim()===""&&s.remove();t.name==="submenu"&&(this.submenuElement?at(this,Xt,Ue).call(this):at(this,We,Bi).call(this))};Xt=new WeakSet;Ue=async function(){this.setAttribute("aria-haspopup","menu"),this.setAttribute("aria-expanded",`${!this.submenuElement.hidden}`),this.submenuElement.addEventListener("change",E(this,L)),this.submenuElement.addEventListener("addmenuitem",E(this,L)),this.submenuElement.addEventListener("removemenuitem",E(this,L)),E(this,L).call(this)};We=new WeakSet;Bi=function(){this.removeAttribute("aria-haspopup"),this.removeAttribute("aria-expanded"),this.submenuElement.removeEventListener("change",E(this,L)),this.submenuElement.removeEventListener("addmenuitem",E(this,L)),this.submenuElement.removeEventListener("removemenuitem",E(this,L)),E(this,L).call(this)};L=new WeakMap;nt=new WeakMap;He=new WeakMap;Jt=new WeakSet;Pe=function(){var e;let t=(e=E(this,_t))==null?void 0:e.radioGroupItems;if(!t)return;let i=t.filter(s=>s.getAttribute("aria-checked")==="true").pop();i||(i=t[0]);for(let s of t)s.setAttribute("aria-checked","false");i?.setAttribute("aria-checked","true")};rt.shadowRootOptions={mode:"open"};rt.getTemplateHTML=Ls;rt.getSuffixSlotInnerHTML=ws;function Et(e){return e.type==="radio"||e.type==="checkbox"}function Ne(e,t){if(!e)return null;let{host:i}=e.getRootNode();return!t&&i?Ne(e,i):t?.items?t:Ne(t,t?.parentNode)}r.customElements.get("media-chrome-menu-item")||r.customElements.define("media-chrome-menu-item",rt);var Be=__reelShared[0],$e=Be.MediaStateReceiverAttributes,n=Be.MediaUIAttributes,v=Be.MediaUIEvents;function $i({anchor:e,floating:t,placement:i}){let s=Rs({anchor:e,floating:t}),{x:a,y:o}=Hs(s,i);return{x:a,y:o}}function Rs({anchor:e,floating:t}){return{anchor:Ds(e,t.offsetParent),floating:{x:0,y:0,width:t.offsetWidth,height:t.offsetHeight}}}function Ds(e,t){var i;let s=e.getBoundingClientRect(),a=(i=t?.getBoundingClientRect())!=null?i:{x:0,y:0};return{x:s.x-a.x,y:s.y-a.y,width:s.width,height:s.height}}function Hs({anchor:e,floating:t},i){let s=Ps(i)==="x"?"y":"x",a=s==="y"?"height":"width",o=Ki(i),l=e.x+e.width/2-t.width/2,c=e.y+e.height/2-t.height/2,p=e[a]/2-t[a]/2,A;switch(o){case"top":A={x:l,y:e.y-t.height};break;case"bottom":A={x:l,y:e.y+e.height};break;case"right":A={x:e.x+e.width,y:c};break;case"left":A={x:e.x-t.width,y:c};break;default:A={x:e.x,y:e.y}}switch(i.split("-")[1]){case"start":A[s]-=p;break;case"end":A[s]+=p;break}return A}function Ki(e){return e.split("-")[0]}function Ps(e){return["top","bottom"].includes(Ki(e))?"y":"x"}var Yi=__reelShared[8],kt=Yi.observeResize,At=Yi.unobserveResize;var je=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},d=(e,t,i)=>(je(e,t,"read from private field"),i?i.call(e):t.get(e)),u=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},I=(e,t,i,s)=>(je(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),m=(e,t,i)=>(je(e,t,"access private method"),i),w,B,P,Vt,Tt,F,It,Ke,Gi,ee,ti,ie,jt,Ye,Ge,qi,qe,zi,ze,Zi,ot,lt,dt,xt,se,ei,Ze,Fi,ii,Qi,Fe,Ji,si,Xi,Qe,Vi,Je,ji,yt,ne,Xe,ts,St,ae,te,Ve;function x({type:e,text:t,value:i,checked:s}){let a=gt.createElement("media-chrome-menu-item");a.type=e??"",a.part.add("menu-item"),e&&a.part.add(e),a.value=i,a.checked=s;let o=gt.createElement("span");return o.textContent=t,a.append(o),a}function T(e,t){let i=e.querySelector(`:scope > [slot="${t}"]`);if(i?.nodeName=="SLOT"&&(i=i.assignedElements({flatten:!0})[0]),i)return i=i.cloneNode(!0),i;let s=e.shadowRoot.querySelector(`[name="${t}"] > svg`);return s?s.cloneNode(!0):""}function Ns(e){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        --_menu-bg: rgb(20 20 30 / .8);
        background: var(--media-menu-background, var(--media-control-background, var(--media-secondary-color, var(--_menu-bg))));
        border-radius: var(--media-menu-border-radius);
        border: var(--media-menu-border, none);
        display: var(--media-menu-display, inline-flex) !important;
        
        transition: var(--media-menu-transition-in,
          visibility 0s,
          opacity .2s ease-out,
          transform .15s ease-out,
          left .2s ease-in-out,
          min-width .2s ease-in-out,
          min-height .2s ease-in-out
        ) !important;
        
        visibility: var(--media-menu-visibility, visible);
        opacity: var(--media-menu-opacity, 1);
        max-height: var(--media-menu-max-height, var(--_menu-max-height, 300px));
        transform: var(--media-menu-transform-in, translateY(0) scale(1));
        flex-direction: column;
        
        min-height: 0;
        position: relative;
        bottom: var(--_menu-bottom);
        box-sizing: border-box;
      } 

      @-moz-document url-prefix() {
        :host{
          --_menu-bg: rgb(20 20 30);
        }
      }

      :host([hidden]) {
        transition: var(--media-menu-transition-out,
          visibility .15s ease-in,
          opacity .15s ease-in,
          transform .15s ease-in
        ) !important;
        visibility: var(--media-menu-hidden-visibility, hidden);
        opacity: var(--media-menu-hidden-opacity, 0);
        max-height: var(--media-menu-hidden-max-height,
          var(--media-menu-max-height, var(--_menu-max-height, 300px)));
        transform: var(--media-menu-transform-out, translateY(2px) scale(.99));
        pointer-events: none;
      }

      :host([slot="submenu"]) {
        background: none;
        width: 100%;
        min-height: 100%;
        position: absolute;
        bottom: 0;
        right: -100%;
      }

      #container {
        display: flex;
        flex-direction: column;
        min-height: 0;
        transition: transform .2s ease-out;
        transform: translate(0, 0);
      }

      #container.has-expanded {
        transition: transform .2s ease-in;
        transform: translate(-100%, 0);
      }

      button {
        background: none;
        color: inherit;
        border: none;
        padding: 0;
        font: inherit;
        outline: inherit;
        display: inline-flex;
        align-items: center;
      }

      slot[name="header"][hidden] {
        display: none;
      }

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .7em;
        border-bottom: 1px solid rgb(255 255 255 / .25);
        cursor: var(--media-cursor, default);
      }

      slot[name="header"] > button[part~="back"],
      slot[name="header"]::slotted(button[part~="back"]) {
        cursor: var(--media-cursor, pointer);
      }

      svg[part~="back"] {
        height: var(--media-menu-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
        margin-right: .5ch;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap);
        flex-direction: var(--media-menu-flex-direction, column);
        overflow: var(--media-menu-overflow, hidden auto);
        display: flex;
        min-height: 0;
      }

      :host([role="menu"]) slot:not([name]) {
        padding-block: .4em;
      }

      slot:not([name])::slotted([role="menu"]) {
        background: none;
      }

      media-chrome-menu-item > span {
        margin-right: .5ch;
        max-width: var(--media-menu-item-max-width);
        text-overflow: ellipsis;
        overflow: hidden;
      }
    </style>
    <style id="layout-row" media="width:0">

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .5em;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap, .25em);
        flex-direction: var(--media-menu-flex-direction, row);
        padding-inline: .5em;
      }

      media-chrome-menu-item {
        padding: .3em .5em;
      }

      media-chrome-menu-item[aria-checked="true"] {
        background: var(--media-menu-item-checked-background, rgb(255 255 255 / .2));
      }

      
      media-chrome-menu-item::part(checked-indicator) {
        display: var(--media-menu-item-checked-indicator-display, none);
      }
    </style>
    <div id="container" part="container">
      <slot name="header" hidden>
        <button part="back button" aria-label="Back to previous menu">
          <slot name="back-icon">
            <svg aria-hidden="true" viewBox="0 0 20 24" part="back indicator">
              <path d="m11.88 17.585.742-.669-4.2-4.665 4.2-4.666-.743-.669-4.803 5.335 4.803 5.334Z"/>
            </svg>
          </slot>
          <slot name="title"></slot>
        </button>
      </slot>
      <slot></slot>
    </div>
    <slot name="checked-indicator" hidden></slot>
  `}var Z={STYLE:"style",HIDDEN:"hidden",DISABLED:"disabled",ANCHOR:"anchor"},b=class extends r.HTMLElement{constructor(){if(super(),u(this,Ke),u(this,ee),u(this,jt),u(this,Ge),u(this,qe),u(this,ze),u(this,dt),u(this,se),u(this,Ze),u(this,ii),u(this,Fe),u(this,si),u(this,Qe),u(this,Je),u(this,yt),u(this,Xe),u(this,St),u(this,te),u(this,w,null),u(this,B,null),u(this,P,null),u(this,Vt,new Set),u(this,Tt,void 0),u(this,F,!1),u(this,It,null),u(this,ie,()=>{let t=d(this,Vt),i=new Set(this.items);for(let s of t)i.has(s)||this.dispatchEvent(new CustomEvent("removemenuitem",{detail:s}));for(let s of i)t.has(s)||this.dispatchEvent(new CustomEvent("addmenuitem",{detail:s}));I(this,Vt,i)}),u(this,ot,()=>{m(this,dt,xt).call(this),m(this,se,ei).call(this,!1)}),u(this,lt,()=>{m(this,dt,xt).call(this)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=it(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}this.container=this.shadowRoot.querySelector("#container"),this.defaultSlot=this.shadowRoot.querySelector("slot:not([name])"),I(this,Tt,new MutationObserver(d(this,ie)))}static get observedAttributes(){return[Z.DISABLED,Z.HIDDEN,Z.STYLE,Z.ANCHOR,$e.MEDIA_CONTROLLER]}static formatMenuItemText(t,i){return t}enable(){this.addEventListener("click",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this),this.addEventListener("invoke",this),this.addEventListener("toggle",this)}disable(){this.removeEventListener("click",this),this.removeEventListener("focusout",this),this.removeEventListener("keyup",this),this.removeEventListener("invoke",this),this.removeEventListener("toggle",this)}handleEvent(t){switch(t.type){case"slotchange":m(this,Ke,Gi).call(this,t);break;case"invoke":m(this,Ge,qi).call(this,t);break;case"click":m(this,Ze,Fi).call(this,t);break;case"toggle":m(this,Fe,Ji).call(this,t);break;case"focusout":m(this,Qe,Vi).call(this,t);break;case"keydown":m(this,Je,ji).call(this,t);break}}connectedCallback(){var t,i;d(this,Tt).observe(this.defaultSlot,{childList:!0}),I(this,It,Ui(this.shadowRoot,":host")),m(this,jt,Ye).call(this),this.hasAttribute("disabled")||this.enable(),this.role||(this.role="menu"),I(this,w,we(this)),(i=(t=d(this,w))==null?void 0:t.associateElement)==null||i.call(t,this),this.hidden||(kt(Ct(this),d(this,ot)),kt(this,d(this,lt))),m(this,ee,ti).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){var t,i;d(this,Tt).disconnect(),At(Ct(this),d(this,ot)),At(this,d(this,lt)),this.disable(),(i=(t=d(this,w))==null?void 0:t.unassociateElement)==null||i.call(t,this),I(this,w,null),I(this,B,null),I(this,P,null),this.shadowRoot.removeEventListener("slotchange",this)}attributeChangedCallback(t,i,s){var a,o,l,c;t===Z.HIDDEN&&s!==i?(d(this,F)||I(this,F,!0),this.hidden?m(this,ze,Zi).call(this):m(this,qe,zi).call(this),this.dispatchEvent(new Zt({oldState:this.hidden?"open":"closed",newState:this.hidden?"closed":"open",bubbles:!0}))):t===$e.MEDIA_CONTROLLER?(i&&((o=(a=d(this,w))==null?void 0:a.unassociateElement)==null||o.call(a,this),I(this,w,null)),s&&this.isConnected&&(I(this,w,we(this)),(c=(l=d(this,w))==null?void 0:l.associateElement)==null||c.call(l,this))):t===Z.DISABLED&&s!==i?s==null?this.enable():this.disable():t===Z.STYLE&&s!==i&&m(this,jt,Ye).call(this)}formatMenuItemText(t,i){return this.constructor.formatMenuItemText(t,i)}get anchor(){return this.getAttribute("anchor")}set anchor(t){this.setAttribute("anchor",`${t}`)}get anchorElement(){var t;return this.anchor?(t=et(this))==null?void 0:t.querySelector(`#${this.anchor}`):null}get items(){return this.defaultSlot.assignedElements({flatten:!0}).filter(Os)}get radioGroupItems(){return this.items.filter(t=>t.role==="menuitemradio")}get checkedItems(){return this.items.filter(t=>t.checked)}get value(){var t,i;return(i=(t=this.checkedItems[0])==null?void 0:t.value)!=null?i:""}set value(t){let i=this.items.find(s=>s.value===t);i&&m(this,te,Ve).call(this,i)}focus(){if(I(this,B,Ft()),this.items.length){m(this,St,ae).call(this,this.items[0]),this.items[0].focus();return}let t=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');t?.focus()}handleSelect(t){var i;let s=m(this,yt,ne).call(this,t);s&&(m(this,te,Ve).call(this,s,s.type==="checkbox"),d(this,P)&&!this.hidden&&((i=d(this,B))==null||i.focus(),this.hidden=!0))}get keysUsed(){return["Enter","Escape","Tab"," ","ArrowDown","ArrowUp","Home","End"]}handleMove(t){var i,s;let{key:a}=t,o=this.items,l=(s=(i=m(this,yt,ne).call(this,t))!=null?i:m(this,Xe,ts).call(this))!=null?s:o[0],c=o.indexOf(l),p=Math.max(0,c);a==="ArrowDown"?p++:a==="ArrowUp"?p--:t.key==="Home"?p=0:t.key==="End"&&(p=o.length-1),p<0&&(p=o.length-1),p>o.length-1&&(p=0),m(this,St,ae).call(this,o[p]),o[p].focus()}};w=new WeakMap;B=new WeakMap;P=new WeakMap;Vt=new WeakMap;Tt=new WeakMap;F=new WeakMap;It=new WeakMap;Ke=new WeakSet;Gi=function(e){let t=e.target;for(let i of t.assignedNodes({flatten:!0}))i.nodeType===3&&i.textContent.trim()===""&&i.remove();["header","title"].includes(t.name)&&m(this,ee,ti).call(this),t.name||d(this,ie).call(this)};ee=new WeakSet;ti=function(){let e=this.shadowRoot.querySelector('slot[name="header"]'),t=this.shadowRoot.querySelector('slot[name="title"]');e.hidden=t.assignedNodes().length===0&&e.assignedNodes().length===0};ie=new WeakMap;jt=new WeakSet;Ye=function(){var e;let t=this.shadowRoot.querySelector("#layout-row"),i=(e=getComputedStyle(this).getPropertyValue("--media-menu-layout"))==null?void 0:e.trim();t.setAttribute("media",i==="row"?"":"width:0")};Ge=new WeakSet;qi=function(e){I(this,P,e.relatedTarget),W(this,e.relatedTarget)||(this.hidden=!this.hidden)};qe=new WeakSet;zi=function(){var e;(e=d(this,P))==null||e.setAttribute("aria-expanded","true"),this.addEventListener("transitionend",()=>this.focus(),{once:!0}),kt(Ct(this),d(this,ot)),kt(this,d(this,lt))};ze=new WeakSet;Zi=function(){var e;(e=d(this,P))==null||e.setAttribute("aria-expanded","false"),At(Ct(this),d(this,ot)),At(this,d(this,lt))};ot=new WeakMap;lt=new WeakMap;dt=new WeakSet;xt=function(e){if(this.hasAttribute("mediacontroller")&&!this.anchor||this.hidden||!this.anchorElement)return;let{x:t,y:i}=$i({anchor:this.anchorElement,floating:this,placement:"top-start"});e??(e=this.offsetWidth);let a=Ct(this).getBoundingClientRect(),o=a.width-t-e,l=a.height-i-this.offsetHeight,{style:c}=d(this,It);c.setProperty("position","absolute"),c.setProperty("right",`${Math.max(0,o)}px`),c.setProperty("--_menu-bottom",`${l}px`);let p=getComputedStyle(this),Is=c.getPropertyValue("--_menu-bottom")===p.bottom?l:parseFloat(p.bottom),xs=a.height-Is-parseFloat(p.marginBottom);this.style.setProperty("--_menu-max-height",`${xs}px`)};se=new WeakSet;ei=function(e){let t=this.querySelector('[role="menuitem"][aria-haspopup][aria-expanded="true"]'),i=t?.querySelector('[role="menu"]'),{style:s}=d(this,It);if(e||s.setProperty("--media-menu-transition-in","none"),i){let a=i.offsetHeight,o=Math.max(i.offsetWidth,t.offsetWidth);this.style.setProperty("min-width",`${o}px`),this.style.setProperty("min-height",`${a}px`),m(this,dt,xt).call(this,o)}else this.style.removeProperty("min-width"),this.style.removeProperty("min-height"),m(this,dt,xt).call(this);s.removeProperty("--media-menu-transition-in")};Ze=new WeakSet;Fi=function(e){var t;if(e.stopPropagation(),e.composedPath().includes(d(this,ii,Qi))){(t=d(this,B))==null||t.focus(),this.hidden=!0;return}let i=m(this,yt,ne).call(this,e);!i||i.hasAttribute("disabled")||(m(this,St,ae).call(this,i),this.handleSelect(e))};ii=new WeakSet;Qi=function(){var e;return(e=this.shadowRoot.querySelector('slot[name="header"]').assignedElements({flatten:!0}))==null?void 0:e.find(i=>i.matches('button[part~="back"]'))};Fe=new WeakSet;Ji=function(e){if(e.target===this)return;m(this,si,Xi).call(this);let t=Array.from(this.querySelectorAll('[role="menuitem"][aria-haspopup]'));for(let i of t)i.invokeTargetElement!=e.target&&e.newState=="open"&&i.getAttribute("aria-expanded")=="true"&&!i.invokeTargetElement.hidden&&i.invokeTargetElement.dispatchEvent(new U({relatedTarget:i}));for(let i of t)i.setAttribute("aria-expanded",`${!i.submenuElement.hidden}`);m(this,se,ei).call(this,!0)};si=new WeakSet;Xi=function(){let t=this.querySelector('[role="menuitem"] > [role="menu"]:not([hidden])');this.container.classList.toggle("has-expanded",!!t)};Qe=new WeakSet;Vi=function(e){var t;W(this,e.relatedTarget)||(d(this,F)&&((t=d(this,B))==null||t.focus()),d(this,P)&&d(this,P)!==e.relatedTarget&&!this.hidden&&(this.hidden=!0))};Je=new WeakSet;ji=function(e){var t,i,s,a,o;let{key:l,ctrlKey:c,altKey:p,metaKey:A}=e;if(!(c||p||A)&&this.keysUsed.includes(l))if(e.preventDefault(),e.stopPropagation(),l==="Tab"){if(d(this,F)){this.hidden=!0;return}e.shiftKey?(i=(t=this.previousElementSibling)==null?void 0:t.focus)==null||i.call(t):(a=(s=this.nextElementSibling)==null?void 0:s.focus)==null||a.call(s),this.blur()}else l==="Escape"?((o=d(this,B))==null||o.focus(),d(this,F)&&(this.hidden=!0)):l==="Enter"||l===" "?this.handleSelect(e):this.handleMove(e)};yt=new WeakSet;ne=function(e){return e.composedPath().find(t=>["menuitemradio","menuitemcheckbox"].includes(t.role))};Xe=new WeakSet;ts=function(){return this.items.find(e=>e.tabIndex===0)};St=new WeakSet;ae=function(e){for(let t of this.items)t.tabIndex=t===e?0:-1};te=new WeakSet;Ve=function(e,t){let i=[...this.checkedItems];e.type==="radio"&&this.radioGroupItems.forEach(s=>s.checked=!1),t?e.checked=!e.checked:e.checked=!0,this.checkedItems.some((s,a)=>s!=i[a])&&this.dispatchEvent(new Event("change",{bubbles:!0,composed:!0}))};b.shadowRootOptions={mode:"open"};b.getTemplateHTML=Ns;function Os(e){return["menuitem","menuitemradio","menuitemcheckbox"].includes(e?.role)}function Ct(e){var t;return(t=e.getAttribute("bounds")?Ni(e,`#${e.getAttribute("bounds")}`):f(e)||e.parentElement)!=null?t:e}r.customElements.get("media-chrome-menu")||r.customElements.define("media-chrome-menu",b);var re=__reelShared[5],es=re.areSubsOn,ni=re.formatTextTrackObj,oe=re.parseTextTracksStr,le=re.stringifyTextTrackList;var Us=__reelShared[7],h=Us.t;var li=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},Ws=(e,t,i)=>(li(e,t,"read from private field"),i?i.call(e):t.get(e)),ai=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Bs=(e,t,i,s)=>(li(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),de=(e,t,i)=>(li(e,t,"access private method"),i),ue,ce,ri,he,oi,$s=`
  <svg aria-hidden="true" viewBox="0 0 26 24" part="captions-indicator indicator">
    <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
  </svg>`;function Ks(e){return`
    ${b.getTemplateHTML(e)}
    <slot name="captions-indicator" hidden>${$s}</slot>
  `}var me=class extends b{constructor(){super(...arguments),ai(this,ce),ai(this,he),ai(this,ue,void 0)}static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_SUBTITLES_LIST,n.MEDIA_SUBTITLES_SHOWING]}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_SUBTITLES_LIST&&i!==s?de(this,ce,ri).call(this):t===n.MEDIA_SUBTITLES_SHOWING&&i!==s&&(this.value=s||"",de(this,ce,ri).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",de(this,he,oi))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",de(this,he,oi))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:f(this).querySelector("media-captions-menu-button")}get mediaSubtitlesList(){return is(this,n.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){ss(this,n.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return is(this,n.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){ss(this,n.MEDIA_SUBTITLES_SHOWING,t)}};ue=new WeakMap;ce=new WeakSet;ri=function(){var e;let t=Ws(this,ue)!==JSON.stringify(this.mediaSubtitlesList),i=this.value!==this.getAttribute(n.MEDIA_SUBTITLES_SHOWING);if(!t&&!i)return;Bs(this,ue,JSON.stringify(this.mediaSubtitlesList)),this.defaultSlot.textContent="";let s=!this.value,a=x({type:"radio",text:this.formatMenuItemText(h("Off")),value:"off",checked:s});a.prepend(T(this,"checked-indicator")),this.defaultSlot.append(a);let o=this.mediaSubtitlesList;for(let l of o){let c=x({type:"radio",text:this.formatMenuItemText(l.label,l),value:ni(l),checked:this.value==ni(l)});c.prepend(T(this,"checked-indicator")),((e=l.kind)!=null?e:"subs")==="captions"&&c.append(T(this,"captions-indicator")),this.defaultSlot.append(c)}};he=new WeakSet;oi=function(){let e=this.mediaSubtitlesShowing,t=this.getAttribute(n.MEDIA_SUBTITLES_SHOWING),i=this.value!==t;if(e?.length&&i&&this.dispatchEvent(new r.CustomEvent(v.MEDIA_DISABLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:e})),!this.value||!i)return;let s=new r.CustomEvent(v.MEDIA_SHOW_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(s)};me.getTemplateHTML=Ks;var is=(e,t)=>{let i=e.getAttribute(t);return i?oe(i):[]},ss=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let s=le(i);e.getAttribute(t)!==s&&e.setAttribute(t,s)};r.customElements.get("media-captions-menu")||r.customElements.define("media-captions-menu",me);var Ys=__reelShared[2],$=Ys.MediaChromeButton;var y=class extends ${connectedCallback(){super.connectedCallback(),this.invokeTargetElement&&this.setAttribute("aria-haspopup","menu")}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=et(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):null}handleClick(){var t;(t=this.invokeTargetElement)==null||t.dispatchEvent(new U({relatedTarget:this}))}};r.customElements.get("media-chrome-menu-button")||r.customElements.define("media-chrome-menu-button",y);var Gs=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
</svg>`,qs=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M17.73 14.09a1.4 1.4 0 0 1-1 .37 1.579 1.579 0 0 1-1.27-.58A3 3 0 0 1 15 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34A2.89 2.89 0 0 0 19 9.07a3 3 0 0 0-2.14-.78 3.14 3.14 0 0 0-2.42 1 3.91 3.91 0 0 0-.93 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.17 3.17 0 0 0 1.07-1.74l-1.4-.45c-.083.43-.3.822-.62 1.12Zm-7.22 0a1.43 1.43 0 0 1-1 .37 1.58 1.58 0 0 1-1.27-.58A3 3 0 0 1 7.76 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34a2.81 2.81 0 0 0-.74-1.32 2.94 2.94 0 0 0-2.13-.78 3.18 3.18 0 0 0-2.43 1 4 4 0 0 0-.92 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.23 3.23 0 0 0 1.07-1.74l-1.4-.45a2.06 2.06 0 0 1-.6 1.07Zm12.32-8.41a2.59 2.59 0 0 0-2.3-2.51C18.72 3.05 15.86 3 13 3c-2.86 0-5.72.05-7.53.17a2.59 2.59 0 0 0-2.3 2.51c-.23 4.207-.23 8.423 0 12.63a2.57 2.57 0 0 0 2.3 2.5c1.81.13 4.67.19 7.53.19 2.86 0 5.72-.06 7.53-.19a2.57 2.57 0 0 0 2.3-2.5c.23-4.207.23-8.423 0-12.63Zm-1.49 12.53a1.11 1.11 0 0 1-.91 1.11c-1.67.11-4.45.18-7.43.18-2.98 0-5.76-.07-7.43-.18a1.11 1.11 0 0 1-.91-1.11c-.21-4.14-.21-8.29 0-12.43a1.11 1.11 0 0 1 .91-1.11C7.24 4.56 10 4.49 13 4.49s5.76.07 7.43.18a1.11 1.11 0 0 1 .91 1.11c.21 4.14.21 8.29 0 12.43Z"/>
</svg>`;function zs(){return`
    <style>
      :host([data-captions-enabled="true"]) slot[name=off] {
        display: none !important;
      }

      
      :host(:not([data-captions-enabled="true"])) slot[name=on] {
        display: none !important;
      }

      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="on">${Gs}</slot>
      <slot name="off">${qs}</slot>
    </slot>
  `}function Zs(){return h("Captions")}var ns=e=>{e.setAttribute("data-captions-enabled",es(e).toString())},as=e=>{e.setAttribute("aria-label",h("closed captions"))},Mt=class extends y{static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_SUBTITLES_LIST,n.MEDIA_SUBTITLES_SHOWING,n.MEDIA_LANG]}connectedCallback(){super.connectedCallback(),as(this),ns(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_SUBTITLES_SHOWING?ns(this):t===n.MEDIA_LANG&&as(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=f(this))==null?void 0:t.querySelector("media-captions-menu")}get mediaSubtitlesList(){return rs(this,n.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){os(this,n.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return rs(this,n.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){os(this,n.MEDIA_SUBTITLES_SHOWING,t)}};Mt.getSlotTemplateHTML=zs;Mt.getTooltipContentHTML=Zs;var rs=(e,t)=>{let i=e.getAttribute(t);return i?oe(i):[]},os=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let s=le(i);e.getAttribute(t)!==s&&e.setAttribute(t,s)};r.customElements.get("media-captions-menu-button")||r.customElements.define("media-captions-menu-button",Mt);var ls=__reelShared[10],ds=ls.parseAudioTrackList,cs=ls.parseRenditionList;var mi=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},hs=(e,t,i)=>(mi(e,t,"read from private field"),i?i.call(e):t.get(e)),pe=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},di=(e,t,i,s)=>(mi(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),fe=(e,t,i)=>(mi(e,t,"access private method"),i),Lt,ge,ve,ci,be,hi,ui=class extends b{constructor(){super(...arguments),pe(this,ve),pe(this,be),pe(this,Lt,[]),pe(this,ge,void 0)}static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_AUDIO_TRACK_LIST,n.MEDIA_AUDIO_TRACK_ENABLED,n.MEDIA_AUDIO_TRACK_UNAVAILABLE]}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_AUDIO_TRACK_ENABLED&&i!==s?this.value=s:t===n.MEDIA_AUDIO_TRACK_LIST&&i!==s&&(di(this,Lt,ds(s??"")),fe(this,ve,ci).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",fe(this,be,hi))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",fe(this,be,hi))}get anchorElement(){var t;return this.anchor!=="auto"?super.anchorElement:(t=f(this))==null?void 0:t.querySelector("media-audio-track-menu-button")}get mediaAudioTrackList(){return hs(this,Lt)}set mediaAudioTrackList(t){di(this,Lt,t),fe(this,ve,ci).call(this)}get mediaAudioTrackEnabled(){var t;return(t=_(this,n.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){k(this,n.MEDIA_AUDIO_TRACK_ENABLED,t)}};Lt=new WeakMap;ge=new WeakMap;ve=new WeakSet;ci=function(){if(hs(this,ge)===JSON.stringify(this.mediaAudioTrackList))return;di(this,ge,JSON.stringify(this.mediaAudioTrackList));let e=this.mediaAudioTrackList;this.defaultSlot.textContent="",e.sort((t,i)=>t.id.localeCompare(i.id,void 0,{numeric:!0}));for(let t of e){let i=this.formatMenuItemText(t.label,t),s=x({type:"radio",text:i,value:`${t.id}`,checked:t.enabled});s.prepend(T(this,"checked-indicator")),this.defaultSlot.append(s)}};be=new WeakSet;hi=function(){if(this.value==null)return;let e=new r.CustomEvent(v.MEDIA_AUDIO_TRACK_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(e)};r.customElements.get("media-audio-track-menu")||r.customElements.define("media-audio-track-menu",ui);var Fs=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M11 17H9.5V7H11v10Zm-3-3H6.5v-4H8v4Zm6-5h-1.5v6H14V9Zm3 7h-1.5V8H17v8Z"/>
  <path d="M22 12c0 5.523-4.477 10-10 10S2 17.523 2 12 6.477 2 12 2s10 4.477 10 10Zm-2 0a8 8 0 1 0-16 0 8 8 0 0 0 16 0Z"/>
</svg>`;function Qs(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${Fs}</slot>
  `}function Js(){return h("Audio")}var us=e=>{let t=h("Audio");e.setAttribute("aria-label",t)},wt=class extends y{static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_AUDIO_TRACK_ENABLED,n.MEDIA_AUDIO_TRACK_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),us(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_LANG&&us(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=f(this))==null?void 0:t.querySelector("media-audio-track-menu")}get mediaAudioTrackEnabled(){var t;return(t=_(this,n.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){k(this,n.MEDIA_AUDIO_TRACK_ENABLED,t)}};wt.getSlotTemplateHTML=Qs;wt.getTooltipContentHTML=Js;r.customElements.get("media-audio-track-menu-button")||r.customElements.define("media-audio-track-menu-button",wt);var vi=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},N=(e,t,i)=>(vi(e,t,"read from private field"),i?i.call(e):t.get(e)),Ee=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},ms=(e,t,i,s)=>(vi(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),ct=(e,t,i)=>(vi(e,t,"access private method"),i),Rt,R,ht,Dt,_e,pi,fi=class extends b{constructor(){super(...arguments),Ee(this,ht),Ee(this,_e),Ee(this,Rt,[]),Ee(this,R,{})}static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_RENDITION_LIST,n.MEDIA_RENDITION_SELECTED,n.MEDIA_RENDITION_UNAVAILABLE,n.MEDIA_HEIGHT,n.MEDIA_WIDTH]}static formatMenuItemText(t,i){return super.formatMenuItemText(t,i)}static formatRendition(t,{showBitrate:i=!1}={}){let s=`${Math.min(t.width,t.height)}p`;if(i&&t.bitrate){let a=t.bitrate/1e6,o=`${a.toFixed(a<1?1:0)} Mbps`;return`${s} (${o})`}return this.formatMenuItemText(s,t)}static compareRendition(t,i){var s,a;return i.height===t.height?((s=i.bitrate)!=null?s:0)-((a=t.bitrate)!=null?a:0):i.height-t.height}attributeChangedCallback(t,i,s){if(super.attributeChangedCallback(t,i,s),i!==s)switch(t){case n.MEDIA_RENDITION_SELECTED:this.value=s??"auto",ct(this,ht,Dt).call(this);break;case n.MEDIA_RENDITION_LIST:ms(this,Rt,cs(s)),ct(this,ht,Dt).call(this);break;case n.MEDIA_HEIGHT:case n.MEDIA_WIDTH:ct(this,ht,Dt).call(this);break}}connectedCallback(){super.connectedCallback(),this.addEventListener("change",ct(this,_e,pi))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",ct(this,_e,pi))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:f(this).querySelector("media-rendition-menu-button")}get mediaRenditionList(){return N(this,Rt)}set mediaRenditionList(t){ms(this,Rt,t),ct(this,ht,Dt).call(this)}get mediaRenditionSelected(){return _(this,n.MEDIA_RENDITION_SELECTED)}set mediaRenditionSelected(t){k(this,n.MEDIA_RENDITION_SELECTED,t)}get mediaHeight(){return C(this,n.MEDIA_HEIGHT)}set mediaHeight(t){M(this,n.MEDIA_HEIGHT,t)}get mediaWidth(){return C(this,n.MEDIA_WIDTH)}set mediaWidth(t){M(this,n.MEDIA_WIDTH,t)}compareRendition(t,i){return this.constructor.compareRendition(t,i)}formatMenuItemText(t,i){return this.constructor.formatMenuItemText(t,i)}formatRendition(t,i){return this.constructor.formatRendition(t,i)}showRenditionBitrate(t){return this.mediaRenditionList.some(i=>i!==t&&i.height===t.height&&i.bitrate!==t.bitrate)}};Rt=new WeakMap;R=new WeakMap;ht=new WeakSet;Dt=function(){let e=!this.mediaRenditionSelected;if(N(this,R).mediaRenditionList===JSON.stringify(this.mediaRenditionList)&&N(this,R).mediaHeight===this.mediaHeight&&N(this,R).mediaWidth===this.mediaWidth&&N(this,R).isAuto===e)return;N(this,R).mediaRenditionList=JSON.stringify(this.mediaRenditionList),N(this,R).mediaHeight=this.mediaHeight,N(this,R).mediaWidth=this.mediaWidth,N(this,R).isAuto=e;let t=this.mediaRenditionList.sort(this.compareRendition.bind(this)),i=t.find(l=>l.id===this.mediaRenditionSelected);for(let l of t)l.selected=l===i;this.defaultSlot.textContent="";for(let l of t){let c=this.formatRendition(l,{showBitrate:this.showRenditionBitrate(l)}),p=x({type:"radio",text:c,value:`${l.id}`,checked:l.selected&&!e});p.prepend(T(this,"checked-indicator")),this.defaultSlot.append(p)}let s=i&&this.showRenditionBitrate(i),a;e&&(i?a=this.formatMenuItemText(`${h("Auto")} • ${this.formatRendition(i,{showBitrate:s})}`,i):this.mediaHeight>0&&this.mediaWidth>0&&(a=this.formatMenuItemText(`${h("Auto")} (${Math.min(this.mediaWidth,this.mediaHeight)}p)`))),a||(a=this.formatMenuItemText(h("Auto")));let o=x({type:"radio",text:a,value:"auto",checked:e});o.dataset.description=a,o.prepend(T(this,"checked-indicator")),this.defaultSlot.append(o)};_e=new WeakSet;pi=function(){if(this.value==null)return;let e=new r.CustomEvent(v.MEDIA_RENDITION_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(e)};r.customElements.get("media-rendition-menu")||r.customElements.define("media-rendition-menu",fi);var Xs=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M13.5 2.5h2v6h-2v-2h-11v-2h11v-2Zm4 2h4v2h-4v-2Zm-12 4h2v6h-2v-2h-3v-2h3v-2Zm4 2h12v2h-12v-2Zm1 4h2v6h-2v-2h-8v-2h8v-2Zm4 2h7v2h-7v-2Z" />
</svg>`;function Vs(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${Xs}</slot>
  `}function js(){return h("Quality")}var Ht=class extends y{static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_RENDITION_SELECTED,n.MEDIA_RENDITION_UNAVAILABLE,n.MEDIA_HEIGHT]}connectedCallback(){super.connectedCallback(),this.setAttribute("aria-label",h("quality"))}get invokeTargetElement(){return this.invokeTarget!=null?super.invokeTargetElement:f(this).querySelector("media-rendition-menu")}get mediaRenditionSelected(){return _(this,n.MEDIA_RENDITION_SELECTED)}set mediaRenditionSelected(t){k(this,n.MEDIA_RENDITION_SELECTED,t)}get mediaHeight(){return C(this,n.MEDIA_HEIGHT)}set mediaHeight(t){M(this,n.MEDIA_HEIGHT,t)}};Ht.getSlotTemplateHTML=Vs;Ht.getTooltipContentHTML=js;r.customElements.get("media-rendition-menu-button")||r.customElements.define("media-rendition-menu-button",Ht);var tn=__reelShared[4],ke=tn.AttributeTokenList;var en=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},ut=(e,t,i)=>(en(e,t,"read from private field"),i?i.call(e):t.get(e)),sn=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},K,bi={RATES:"rates"},gi=[1,1.2,1.5,1.7,2],Q=1;function D(e){return Math.round(e*100)/100}function nn(e){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }
    </style>
    <slot name="icon">${e.mediaplaybackrate?D(+e.mediaplaybackrate):Q}x</slot>
  `}function an(){return h("Playback rate")}var Pt=class extends ${constructor(){var t;super(),sn(this,K,new ke(this,bi.RATES,{defaultValue:gi})),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${D((t=this.mediaPlaybackRate)!=null?t:Q)}x`}static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_PLAYBACK_RATE,bi.RATES]}attributeChangedCallback(t,i,s){if(super.attributeChangedCallback(t,i,s),t===bi.RATES&&(ut(this,K).value=s),t===n.MEDIA_PLAYBACK_RATE){let a=s?+s:Number.NaN,o=D(Number.isNaN(a)?Q:a);this.container.innerHTML=`${o}x`,this.setAttribute("aria-label",h("Playback rate {playbackRate}",{playbackRate:o}))}}get rates(){return ut(this,K)}set rates(t){t?Array.isArray(t)?ut(this,K).value=t.join(" "):typeof t=="string"&&(ut(this,K).value=t):ut(this,K).value=""}get mediaPlaybackRate(){return C(this,n.MEDIA_PLAYBACK_RATE,Q)}set mediaPlaybackRate(t){M(this,n.MEDIA_PLAYBACK_RATE,t)}handleClick(){var t,i;let s=Array.from(ut(this,K).values(),l=>+l).sort((l,c)=>l-c),a=(i=(t=s.find(l=>l>this.mediaPlaybackRate))!=null?t:s[0])!=null?i:Q,o=new r.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:a});this.dispatchEvent(o)}};K=new WeakMap;Pt.getSlotTemplateHTML=nn;Pt.getTooltipContentHTML=an;r.customElements.get("media-playback-rate-button")||r.customElements.define("media-playback-rate-button",Pt);var ps=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},pt=(e,t,i)=>(ps(e,t,"read from private field"),i?i.call(e):t.get(e)),Ei=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},mt=(e,t,i)=>(ps(e,t,"access private method"),i),Y,ft,Nt,Ae,ki,_i={RATES:"rates"},Ai=class extends b{constructor(){super(),Ei(this,ft),Ei(this,Ae),Ei(this,Y,new ke(this,_i.RATES,{defaultValue:gi})),mt(this,ft,Nt).call(this)}static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_PLAYBACK_RATE,_i.RATES]}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_PLAYBACK_RATE&&i!=s?(this.value=s,mt(this,ft,Nt).call(this)):t===_i.RATES&&i!=s&&(pt(this,Y).value=s,mt(this,ft,Nt).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",mt(this,Ae,ki))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",mt(this,Ae,ki))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:f(this).querySelector("media-playback-rate-menu-button")}get rates(){return pt(this,Y)}set rates(t){t?Array.isArray(t)?pt(this,Y).value=t.join(" "):typeof t=="string"&&(pt(this,Y).value=t):pt(this,Y).value="",mt(this,ft,Nt).call(this)}get mediaPlaybackRate(){return C(this,n.MEDIA_PLAYBACK_RATE,Q)}set mediaPlaybackRate(t){M(this,n.MEDIA_PLAYBACK_RATE,t)}};Y=new WeakMap;ft=new WeakSet;Nt=function(){this.defaultSlot.textContent="";let e=D(this.mediaPlaybackRate),t=new Set(Array.from(pt(this,Y)).map(s=>D(Number(s))));e>0&&!t.has(e)&&t.add(e);let i=Array.from(t).sort((s,a)=>s-a);for(let s of i){let a=x({type:"radio",text:this.formatMenuItemText(`${s}x`,s),value:s.toString(),checked:e===s});a.prepend(T(this,"checked-indicator")),this.defaultSlot.append(a)}};Ae=new WeakSet;ki=function(){if(!this.value)return;let e=new r.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(e)};r.customElements.get("media-playback-rate-menu")||r.customElements.define("media-playback-rate-menu",Ai);var Te=1;function rn(e){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }

      :host([aria-expanded="true"]) slot {
        display: block;
      }

      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${e.mediaplaybackrate?D(+e.mediaplaybackrate):Te}x</slot>
  `}function on(){return h("Playback rate")}var Ot=class extends y{static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_PLAYBACK_RATE]}constructor(){var t;super(),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${D((t=this.mediaPlaybackRate)!=null?t:Te)}x`}attributeChangedCallback(t,i,s){if(super.attributeChangedCallback(t,i,s),t===n.MEDIA_PLAYBACK_RATE){let a=s?+s:Number.NaN,o=D(Number.isNaN(a)?Te:a);this.container.innerHTML=`${o}x`,this.setAttribute("aria-label",h("Playback rate {playbackRate}",{playbackRate:o}))}}get invokeTargetElement(){return this.invokeTarget!=null?super.invokeTargetElement:f(this).querySelector("media-playback-rate-menu")}get mediaPlaybackRate(){return C(this,n.MEDIA_PLAYBACK_RATE,Te)}set mediaPlaybackRate(t){M(this,n.MEDIA_PLAYBACK_RATE,t)}};Ot.getSlotTemplateHTML=rn;Ot.getTooltipContentHTML=on;r.customElements.get("media-playback-rate-menu-button")||r.customElements.define("media-playback-rate-menu-button",Ot);var ln=__reelShared[11],Ti=ln.formatTime;function dn(e,t){let i=-1;return e.forEach((s,a)=>s.startTime<=t+.05&&(i=a)),i}var G,Wt,Bt,Si,yi=class extends b{constructor(){super(...arguments);zt(this,Bt);zt(this,G,[]);zt(this,Wt,-2)}static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_CURRENT_TIME]}get mediaChaptersCues(){return j(this,G)}set mediaChaptersCues(i){let s=JSON.stringify(i||[])===JSON.stringify(j(this,G));Me(this,G,i||[]),s||Le(this,Bt,Si).call(this,!0)}attributeChangedCallback(i,s,a){super.attributeChangedCallback(i,s,a),i===n.MEDIA_CURRENT_TIME&&Le(this,Bt,Si).call(this,!1)}handleSelect(i){let s=i.composedPath().find(a=>a.getAttribute?.("role")==="menuitemradio");super.handleSelect(i),s&&this.dispatchEvent(new CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:+s.value}))}};G=new WeakMap,Wt=new WeakMap,Bt=new WeakSet,Si=function(i){let s=dn(j(this,G),Number(this.getAttribute(n.MEDIA_CURRENT_TIME))||0);if(!(!i&&s===j(this,Wt))){if(Me(this,Wt,s),!i){this.items.forEach((a,o)=>a.checked=o===s);return}this.defaultSlot.textContent="",j(this,G).forEach((a,o)=>{let l=x({type:"radio",text:a.text,value:String(a.startTime),checked:o===s});l.prepend(T(this,"checked-indicator"));let c=document.createElement("span");c.slot="suffix",c.part.add("chapter-time"),c.textContent=Ti(a.startTime),l.append(c),l.setAttribute("aria-label",`${a.text}, ${Ti(a.startTime)}`),this.defaultSlot.append(l)})}};var cn='<svg aria-hidden="true" viewBox="0 0 24 24"><path fill="currentColor" d="M4 6.5h2v2H4zm4 0h12v2H8zm-4 4.5h2v2H4zm4 0h12v2H8zm-4 4.5h2v2H4zm4 0h12v2H8z"/></svg>',Ut=class extends y{connectedCallback(){super.connectedCallback(),this.setAttribute("aria-label","chapters")}};xe(Ut,"getSlotTemplateHTML",()=>`<style>:host([aria-expanded="true"]) slot[name=tooltip]{display:none}</style><slot name="icon">${cn}</slot>`),xe(Ut,"getTooltipContentHTML",()=>"Chapters");customElements.get("reel-chapters-menu")||customElements.define("reel-chapters-menu",yi);customElements.get("reel-chapters-menu-button")||customElements.define("reel-chapters-menu-button",Ut);var fs=`<svg aria-hidden="true" viewBox="0 0 28 24">
  <path d="M24 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h20a1 1 0 0 0 1-1V4a1 1 0 0 0-1-1Zm-1 16H5V5h18v14Zm-3-8h-7v5h7v-5Z"/>
</svg>`;function hn(e){return`
    <style>
      :host([${n.MEDIA_IS_PIP}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      :host(:not([${n.MEDIA_IS_PIP}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${n.MEDIA_IS_PIP}]) slot[name=tooltip-enter],
      :host(:not([${n.MEDIA_IS_PIP}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${fs}</slot>
      <slot name="exit">${fs}</slot>
    </slot>
  `}function un(){return`
    <slot name="tooltip-enter">${h("Enter picture in picture mode")}</slot>
    <slot name="tooltip-exit">${h("Exit picture in picture mode")}</slot>
  `}var vs=e=>{let t=e.mediaIsPip?h("exit picture in picture mode"):h("enter picture in picture mode");e.setAttribute("aria-label",t)},$t=class extends ${static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_IS_PIP,n.MEDIA_PIP_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),vs(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_IS_PIP&&vs(this)}get mediaPipUnavailable(){return _(this,n.MEDIA_PIP_UNAVAILABLE)}set mediaPipUnavailable(t){k(this,n.MEDIA_PIP_UNAVAILABLE,t)}get mediaIsPip(){return tt(this,n.MEDIA_IS_PIP)}set mediaIsPip(t){st(this,n.MEDIA_IS_PIP,t)}handleClick(){let t=this.mediaIsPip?v.MEDIA_EXIT_PIP_REQUEST:v.MEDIA_ENTER_PIP_REQUEST;this.dispatchEvent(new r.CustomEvent(t,{composed:!0,bubbles:!0}))}};$t.getSlotTemplateHTML=hn;$t.getTooltipContentHTML=un;r.customElements.get("media-pip-button")||r.customElements.define("media-pip-button",$t);var bs=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.13 3H3.87a.87.87 0 0 0-.87.87v13.26a.87.87 0 0 0 .87.87h3.4L9 16H5V5h16v11h-4l1.72 2h3.4a.87.87 0 0 0 .87-.87V3.87a.87.87 0 0 0-.86-.87Zm-8.75 11.44a.5.5 0 0 0-.76 0l-4.91 5.73a.5.5 0 0 0 .38.83h9.82a.501.501 0 0 0 .38-.83l-4.91-5.73Z"/>
</svg>
`;function mn(e){return`
    <style>
      :host([${n.MEDIA_IS_AIRPLAYING}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      
      :host(:not([${n.MEDIA_IS_AIRPLAYING}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${n.MEDIA_IS_AIRPLAYING}]) slot[name=tooltip-enter],
      :host(:not([${n.MEDIA_IS_AIRPLAYING}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${bs}</slot>
      <slot name="exit">${bs}</slot>
    </slot>
  `}function pn(){return`
    <slot name="tooltip-enter">${h("start airplay")}</slot>
    <slot name="tooltip-exit">${h("stop airplay")}</slot>
  `}var gs=e=>{let t=e.mediaIsAirplaying?h("stop airplay"):h("start airplay");e.setAttribute("aria-label",t)},Kt=class extends ${static get observedAttributes(){return[...super.observedAttributes,n.MEDIA_IS_AIRPLAYING,n.MEDIA_AIRPLAY_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),gs(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===n.MEDIA_IS_AIRPLAYING&&gs(this)}get mediaIsAirplaying(){return tt(this,n.MEDIA_IS_AIRPLAYING)}set mediaIsAirplaying(t){st(this,n.MEDIA_IS_AIRPLAYING,t)}get mediaAirplayUnavailable(){return _(this,n.MEDIA_AIRPLAY_UNAVAILABLE)}set mediaAirplayUnavailable(t){k(this,n.MEDIA_AIRPLAY_UNAVAILABLE,t)}handleClick(){let t=new r.CustomEvent(v.MEDIA_AIRPLAY_REQUEST,{composed:!0,bubbles:!0});this.dispatchEvent(t)}};Kt.getSlotTemplateHTML=mn;Kt.getTooltipContentHTML=pn;r.customElements.get("media-airplay-button")||r.customElements.define("media-airplay-button",Kt);var Ri=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},X=(e,t,i)=>(Ri(e,t,"read from private field"),i?i.call(e):t.get(e)),O=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Di=(e,t,i,s)=>(Ri(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),J=(e,t,i)=>(Ri(e,t,"access private method"),i),Se,Gt,V,ye,Ii,xi,Es,Ci,_s,Mi,ks,Li,As,wi,Ts;function fn(e){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        display: var(--media-dialog-display, inline-flex);
        justify-content: center;
        align-items: center;
        
        transition-behavior: allow-discrete;
        visibility: hidden;
        opacity: 0;
        transform: translateY(2px) scale(.99);
        pointer-events: none;
      }

      :host([open]) {
        transition: display .2s, visibility 0s, opacity .2s ease-out, transform .15s ease-out;
        visibility: visible;
        opacity: 1;
        transform: translateY(0) scale(1);
        pointer-events: auto;
      }

      #content {
        display: flex;
        position: relative;
        box-sizing: border-box;
        width: min(320px, 100%);
        word-wrap: break-word;
        max-height: 100%;
        overflow: auto;
        text-align: center;
        line-height: 1.4;
      }
    </style>
    ${this.getSlotTemplateHTML(e)}
  `}function vn(e){return`
    <slot id="content"></slot>
  `}var Yt={OPEN:"open",ANCHOR:"anchor"},q=class extends r.HTMLElement{constructor(){super(),O(this,ye),O(this,xi),O(this,Ci),O(this,Mi),O(this,Li),O(this,wi),O(this,Se,!1),O(this,Gt,null),O(this,V,null)}static get observedAttributes(){return[Yt.OPEN,Yt.ANCHOR]}get open(){return tt(this,Yt.OPEN)}set open(t){st(this,Yt.OPEN,t)}handleEvent(t){switch(t.type){case"invoke":J(this,Mi,ks).call(this,t);break;case"focusout":J(this,Li,As).call(this,t);break;case"keydown":J(this,wi,Ts).call(this,t);break}}connectedCallback(){J(this,ye,Ii).call(this),this.role||(this.role="dialog"),this.addEventListener("invoke",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this)}disconnectedCallback(){this.removeEventListener("invoke",this),this.removeEventListener("focusout",this),this.removeEventListener("keydown",this)}attributeChangedCallback(t,i,s){J(this,ye,Ii).call(this),t===Yt.OPEN&&s!==i&&(this.open?J(this,xi,Es).call(this):J(this,Ci,_s).call(this))}focus(){Di(this,Gt,Ft());let t=!this.dispatchEvent(new Event("focus",{composed:!0,cancelable:!0})),i=!this.dispatchEvent(new Event("focusin",{composed:!0,bubbles:!0,cancelable:!0}));if(t||i)return;let s=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');s?.focus()}get keysUsed(){return["Escape","Tab"]}};Se=new WeakMap;Gt=new WeakMap;V=new WeakMap;ye=new WeakSet;Ii=function(){if(!X(this,Se)&&(Di(this,Se,!0),!this.shadowRoot)){this.attachShadow(this.constructor.shadowRootOptions);let e=it(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e),queueMicrotask(()=>{let{style:t}=Oi(this.shadowRoot,":host");t.setProperty("transition","display .15s, visibility .15s, opacity .15s ease-in, transform .15s ease-in")})}};xi=new WeakSet;Es=function(){var e;(e=X(this,V))==null||e.setAttribute("aria-expanded","true"),this.dispatchEvent(new Event("open",{composed:!0,bubbles:!0})),this.addEventListener("transitionend",()=>this.focus(),{once:!0})};Ci=new WeakSet;_s=function(){var e;(e=X(this,V))==null||e.setAttribute("aria-expanded","false"),this.dispatchEvent(new Event("close",{composed:!0,bubbles:!0}))};Mi=new WeakSet;ks=function(e){Di(this,V,e.relatedTarget),W(this,e.relatedTarget)||(this.open=!this.open)};Li=new WeakSet;As=function(e){var t;W(this,e.relatedTarget)||((t=X(this,Gt))==null||t.focus(),X(this,V)&&X(this,V)!==e.relatedTarget&&this.open&&(this.open=!1))};wi=new WeakSet;Ts=function(e){var t,i,s,a,o;let{key:l,ctrlKey:c,altKey:p,metaKey:A}=e;c||p||A||this.keysUsed.includes(l)&&(e.preventDefault(),e.stopPropagation(),l==="Tab"?(e.shiftKey?(i=(t=this.previousElementSibling)==null?void 0:t.focus)==null||i.call(t):(a=(s=this.nextElementSibling)==null?void 0:s.focus)==null||a.call(s),this.blur()):l==="Escape"&&((o=X(this,Gt))==null||o.focus(),this.open=!1))};q.shadowRootOptions={mode:"open"};q.getTemplateHTML=fn;q.getSlotTemplateHTML=vn;r.customElements.get("media-chrome-dialog")||r.customElements.define("media-chrome-dialog",q);var bn=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},z=(e,t,i)=>(bn(e,t,"read from private field"),i?i.call(e):t.get(e)),ys=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},vt,bt,qt={HOTKEYS:"hotkeys"},gn=[{keys:[{key:" ",label:"Space"},{key:"k"}],description:"Toggle Playback"},{keys:[{key:"m"}],description:"Toggle mute"},{keys:[{key:"f"}],description:"Toggle fullscreen"},{keys:[{key:"c"}],description:"Toggle captions or subtitles, if available"},{keys:[{key:"p"}],description:"Toggle Picture in Picture"},{keys:[{key:"ArrowLeft",label:"←"},{key:"j"}],description:"Seek back 10s"},{keys:[{key:"ArrowRight",label:"→"},{key:"l"}],description:"Seek forward 10s"},{keys:[{key:"ArrowUp",label:"↑"}],description:"Turn volume up"},{keys:[{key:"ArrowDown",label:"↓"}],description:"Turn volume down"},{keys:[{key:"<",label:"< (SHIFT+,)"}],description:"Decrease playback rate"},{keys:[{key:">",label:"> (SHIFT+.)"}],description:"Increase playback rate"},{keys:[{key:"shift+/",label:"SHIFT+/"}],description:"Show keyboard shortcuts"}];function En(e){return e===" "?"nospace":`no${e.toLowerCase()}`}function _n(e){let t=new Set(e?.split(/\s+/));return gn.map(({keys:i,description:s})=>({keys:i.filter(({key:a})=>!t.has(En(a))),description:s})).filter(({keys:i})=>i.length)}function kn(e){return`
    <style>
      :host {
        position: fixed;
        top: 0;
        left: 0;
        z-index: 9999;
        background: rgb(20 20 30 / .8);
        backdrop-filter: blur(10px);
      }

      #content {
        display: block;
        width: clamp(400px, 40vw, 700px);
        max-width: 90vw;
        text-align: left;
      }

      h2 {
        margin: 0 0 1.5rem 0;
        font-size: 1.5rem;
        font-weight: 500;
        text-align: center;
      }

      .shortcuts-table {
        width: 100%;
        border-collapse: collapse;
      }

      .shortcuts-table tr {
        border-bottom: 1px solid rgba(255, 255, 255, 0.1);
      }

      .shortcuts-table tr:last-child {
        border-bottom: none;
      }

      .shortcuts-table td {
        padding: 0.75rem 0.5rem;
      }

      .shortcuts-table td:first-child {
        text-align: right;
        padding-right: 1rem;
        width: 40%;
        min-width: 120px;
      }

      .shortcuts-table td:last-child {
        padding-left: 1rem;
      }

      .key {
        display: inline-block;
        background: rgba(255, 255, 255, 0.15);
        border: 1px solid rgba(255, 255, 255, 0.2);
        border-radius: 4px;
        padding: 0.25rem 0.5rem;
        font-family: 'Courier New', monospace;
        font-size: 0.9rem;
        font-weight: 500;
        min-width: 1.5rem;
        text-align: center;
        margin: 0 0.2rem;
      }

      .description {
        color: rgba(255, 255, 255, 0.9);
        font-size: 0.95rem;
      }

      .key-combo {
        display: flex;
        align-items: center;
        justify-content: flex-end;
        gap: 0.3rem;
      }

      .key-separator {
        color: rgba(255, 255, 255, 0.5);
        font-size: 0.9rem;
      }
    </style>
    <slot id="content">
      ${Ss(e[qt.HOTKEYS])}
    </slot>
  `}function Ss(e){return`
    <h2>Keyboard Shortcuts</h2>
    <table class="shortcuts-table">${_n(e).map(({keys:i,description:s})=>`
        <tr>
          <td>
            <div class="key-combo">${i.map(({key:o,label:l=o},c)=>c>0?`<span class="key-separator">or</span><span class="key">${l}</span>`:`<span class="key">${l}</span>`).join("")}</div>
          </td>
          <td class="description">${s}</td>
        </tr>
      `).join("")}</table>
  `}var Ie=class extends q{constructor(){super(...arguments),ys(this,vt,t=>{var i;if(!this.open)return;let s=(i=this.shadowRoot)==null?void 0:i.querySelector("#content");if(!s)return;let a=t.composedPath(),o=a[0]===this||a.includes(this),l=a.includes(s);o&&!l&&(this.open=!1)}),ys(this,bt,t=>{if(!this.open)return;let i=t.shiftKey&&(t.key==="/"||t.key==="?");(t.key==="Escape"||i)&&!t.ctrlKey&&!t.altKey&&!t.metaKey&&(this.open=!1,t.preventDefault(),t.stopPropagation())})}static get observedAttributes(){return[...super.observedAttributes,qt.HOTKEYS]}get hotkeys(){var t;return(t=_(this,qt.HOTKEYS))!=null?t:void 0}set hotkeys(t){k(this,qt.HOTKEYS,t)}connectedCallback(){super.connectedCallback(),this.open&&(this.addEventListener("click",z(this,vt)),document.addEventListener("keydown",z(this,bt)))}disconnectedCallback(){this.removeEventListener("click",z(this,vt)),document.removeEventListener("keydown",z(this,bt))}attributeChangedCallback(t,i,s){var a;if(super.attributeChangedCallback(t,i,s),t==="open")this.open?(this.addEventListener("click",z(this,vt)),document.addEventListener("keydown",z(this,bt))):(this.removeEventListener("click",z(this,vt)),document.removeEventListener("keydown",z(this,bt)));else if(t===qt.HOTKEYS&&s!==i){let o=(a=this.shadowRoot)==null?void 0:a.querySelector("#content");o&&(o.innerHTML=Ss(s))}}};vt=new WeakMap;bt=new WeakMap;Ie.getSlotTemplateHTML=kn;r.customElements.get("media-keyboard-shortcuts-dialog")||r.customElements.define("media-keyboard-shortcuts-dialog",Ie);}
