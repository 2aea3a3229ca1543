export function install(__reelShared){var ke=__reelShared[9],Z=ke.document,r=ke.globalThis;var I=class extends Event{constructor({action:t="auto",relatedTarget:i,...n}){super("invoke",n),this.action=t,this.relatedTarget=i}},ct=class extends Event{constructor({newState:t,oldState:i,...n}){super("toggle",n),this.newState=t,this.oldState=i}};var v=__reelShared[6],Ae=v.closestComposedNode,z=v.containsComposedNode,Se=v.getActiveElement,Ht=v.getAttributeMediaController,Te=v.getBooleanAttr,R=v.getDocumentOrShadowRoot,E=v.getMediaController,ye=v.getNumericAttr,U=v.getStringAttr,xe=v.insertCSSRule,ht=v.namedNodeMapToObject,Ie=v.setBooleanAttr,Le=v.setNumericAttr,B=v.setStringAttr;var Kt=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},f=(e,t,i)=>(Kt(e,t,"read from private field"),i?i.call(e):t.get(e)),y=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Pt=(e,t,i,n)=>(Kt(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),P=(e,t,i)=>(Kt(e,t,"access private method"),i),ut,F,Ot,Ce,pt,qt,Gt,Me,k,H,Wt,mt,Nt;function oi(e){return`
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
  `}function ri(e){return""}var g={TYPE:"type",VALUE:"value",CHECKED:"checked",DISABLED:"disabled"},O=class extends r.HTMLElement{constructor(){if(super(),y(this,Ot),y(this,pt),y(this,Gt),y(this,mt),y(this,ut,!1),y(this,F,void 0),y(this,k,()=>{var t,i;this.submenuElement.items&&this.setAttribute("submenusize",`${this.submenuElement.items.length}`);let n=this.shadowRoot.querySelector('slot[name="description"]'),a=(t=this.submenuElement.checkedItems)==null?void 0:t[0],o=(i=a?.dataset.description)!=null?i:a?.text,d=Z.createElement("span");d.textContent=o??"",n.replaceChildren(d)}),y(this,H,t=>{let{key:i}=t;if(!this.keysUsed.includes(i)){this.removeEventListener("keyup",f(this,H));return}this.handleClick(t)}),y(this,Wt,t=>{let{metaKey:i,altKey:n,key:a}=t;if(i||n||!this.keysUsed.includes(a)){this.removeEventListener("keyup",f(this,H));return}this.addEventListener("keyup",f(this,H),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=ht(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}}static get observedAttributes(){return[g.TYPE,g.DISABLED,g.CHECKED,g.VALUE]}enable(){this.hasAttribute("tabindex")||this.setAttribute("tabindex","-1"),Y(this)&&!this.hasAttribute("aria-checked")&&this.setAttribute("aria-checked","false"),this.addEventListener("click",this),this.addEventListener("keydown",this)}disable(){this.removeAttribute("tabindex"),this.removeEventListener("click",this),this.removeEventListener("keydown",this),this.removeEventListener("keyup",this)}handleEvent(t){switch(t.type){case"slotchange":P(this,Ot,Ce).call(this,t);break;case"click":this.handleClick(t);break;case"keydown":f(this,Wt).call(this,t);break;case"keyup":f(this,H).call(this,t);break}}attributeChangedCallback(t,i,n){t===g.CHECKED&&Y(this)&&!f(this,ut)?this.setAttribute("aria-checked",n!=null?"true":"false"):t===g.TYPE&&n!==i?this.role="menuitem"+n:t===g.DISABLED&&n!==i&&(n==null?this.enable():this.disable())}connectedCallback(){this.hasAttribute(g.DISABLED)||this.enable(),this.role="menuitem"+this.type,Pt(this,F,$t(this,this.parentNode)),P(this,mt,Nt).call(this),this.submenuElement&&P(this,pt,qt).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){this.disable(),P(this,mt,Nt).call(this),Pt(this,F,null),this.shadowRoot.removeEventListener("slotchange",this)}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=R(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):this.submenuElement}get submenuElement(){return this.shadowRoot.querySelector('slot[name="submenu"]').assignedElements({flatten:!0})[0]}get type(){var t;return(t=this.getAttribute(g.TYPE))!=null?t:""}set type(t){this.setAttribute(g.TYPE,`${t}`)}get value(){var t;return(t=this.getAttribute(g.VALUE))!=null?t:this.text}set value(t){this.setAttribute(g.VALUE,t)}get text(){var t;return((t=this.textContent)!=null?t:"").trim()}get checked(){if(Y(this))return this.getAttribute("aria-checked")==="true"}set checked(t){Y(this)&&(Pt(this,ut,!0),this.setAttribute("aria-checked",t?"true":"false"),t?this.part.add("checked"):this.part.remove("checked"))}handleClick(t){Y(this)||this.invokeTargetElement&&z(this,t.target)&&this.invokeTargetElement.dispatchEvent(new I({relatedTarget:this}))}get keysUsed(){return["Enter"," "]}};ut=new WeakMap;F=new WeakMap;Ot=new WeakSet;Ce=function(e){let t=e.target;if(!t?.name)for(let n of t.assignedNodes({flatten:!0}))n instanceof Text&&n.textContent.trim()===""&&n.remove();t.name==="submenu"&&(this.submenuElement?P(this,pt,qt).call(this):P(this,Gt,Me).call(this))};pt=new WeakSet;qt=async function(){this.setAttribute("aria-haspopup","menu"),this.setAttribute("aria-expanded",`${!this.submenuElement.hidden}`),this.submenuElement.addEventListener("change",f(this,k)),this.submenuElement.addEventListener("addmenuitem",f(this,k)),this.submenuElement.addEventListener("removemenuitem",f(this,k)),f(this,k).call(this)};Gt=new WeakSet;Me=function(){this.removeAttribute("aria-haspopup"),this.removeAttribute("aria-expanded"),this.submenuElement.removeEventListener("change",f(this,k)),this.submenuElement.removeEventListener("addmenuitem",f(this,k)),this.submenuElement.removeEventListener("removemenuitem",f(this,k)),f(this,k).call(this)};k=new WeakMap;H=new WeakMap;Wt=new WeakMap;mt=new WeakSet;Nt=function(){var e;let t=(e=f(this,F))==null?void 0:e.radioGroupItems;if(!t)return;let i=t.filter(n=>n.getAttribute("aria-checked")==="true").pop();i||(i=t[0]);for(let n of t)n.setAttribute("aria-checked","false");i?.setAttribute("aria-checked","true")};O.shadowRootOptions={mode:"open"};O.getTemplateHTML=oi;O.getSuffixSlotInnerHTML=ri;function Y(e){return e.type==="radio"||e.type==="checkbox"}function $t(e,t){if(!e)return null;let{host:i}=e.getRootNode();return!t&&i?$t(e,i):t?.items?t:$t(t,t?.parentNode)}r.customElements.get("media-chrome-menu-item")||r.customElements.define("media-chrome-menu-item",O);var Zt=__reelShared[0],zt=Zt.MediaStateReceiverAttributes,s=Zt.MediaUIAttributes,A=Zt.MediaUIEvents;function we({anchor:e,floating:t,placement:i}){let n=li({anchor:e,floating:t}),{x:a,y:o}=ci(n,i);return{x:a,y:o}}function li({anchor:e,floating:t}){return{anchor:di(e,t.offsetParent),floating:{x:0,y:0,width:t.offsetWidth,height:t.offsetHeight}}}function di(e,t){var i;let n=e.getBoundingClientRect(),a=(i=t?.getBoundingClientRect())!=null?i:{x:0,y:0};return{x:n.x-a.x,y:n.y-a.y,width:n.width,height:n.height}}function ci({anchor:e,floating:t},i){let n=hi(i)==="x"?"y":"x",a=n==="y"?"height":"width",o=De(i),d=e.x+e.width/2-t.width/2,u=e.y+e.height/2-t.height/2,m=e[a]/2-t[a]/2,_;switch(o){case"top":_={x:d,y:e.y-t.height};break;case"bottom":_={x:d,y:e.y+e.height};break;case"right":_={x:e.x+e.width,y:u};break;case"left":_={x:e.x-t.width,y:u};break;default:_={x:e.x,y:e.y}}switch(i.split("-")[1]){case"start":_[n]-=m;break;case"end":_[n]+=m;break}return _}function De(e){return e.split("-")[0]}function hi(e){return["top","bottom"].includes(De(e))?"y":"x"}var Re=__reelShared[8],Q=Re.observeResize,J=Re.unobserveResize;var se=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},l=(e,t,i)=>(se(e,t,"read from private field"),i?i.call(e):t.get(e)),c=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},b=(e,t,i,n)=>(se(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),h=(e,t,i)=>(se(e,t,"access private method"),i),S,L,x,ft,X,w,tt,Yt,Ue,bt,ae,_t,vt,Ft,Qt,Be,Jt,He,Xt,Pe,W,N,$,et,Et,oe,Vt,Oe,re,We,jt,Ne,le,$e,te,Ke,ee,qe,V,kt,ie,Ge,j,At,gt,ne;function nt({type:e,text:t,value:i,checked:n}){let a=Z.createElement("media-chrome-menu-item");a.type=e??"",a.part.add("menu-item"),e&&a.part.add(e),a.value=i,a.checked=n;let o=Z.createElement("span");return o.textContent=t,a.append(o),a}function K(e,t){let i=e.querySelector(`:scope > [slot="${t}"]`);if(i?.nodeName=="SLOT"&&(i=i.assignedElements({flatten:!0})[0]),i)return i=i.cloneNode(!0),i;let n=e.shadowRoot.querySelector(`[name="${t}"] > svg`);return n?n.cloneNode(!0):""}function ui(e){return`
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
  `}var M={STYLE:"style",HIDDEN:"hidden",DISABLED:"disabled",ANCHOR:"anchor"},T=class extends r.HTMLElement{constructor(){if(super(),c(this,Yt),c(this,bt),c(this,vt),c(this,Qt),c(this,Jt),c(this,Xt),c(this,$),c(this,Et),c(this,Vt),c(this,re),c(this,jt),c(this,le),c(this,te),c(this,ee),c(this,V),c(this,ie),c(this,j),c(this,gt),c(this,S,null),c(this,L,null),c(this,x,null),c(this,ft,new Set),c(this,X,void 0),c(this,w,!1),c(this,tt,null),c(this,_t,()=>{let t=l(this,ft),i=new Set(this.items);for(let n of t)i.has(n)||this.dispatchEvent(new CustomEvent("removemenuitem",{detail:n}));for(let n of i)t.has(n)||this.dispatchEvent(new CustomEvent("addmenuitem",{detail:n}));b(this,ft,i)}),c(this,W,()=>{h(this,$,et).call(this),h(this,Et,oe).call(this,!1)}),c(this,N,()=>{h(this,$,et).call(this)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=ht(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}this.container=this.shadowRoot.querySelector("#container"),this.defaultSlot=this.shadowRoot.querySelector("slot:not([name])"),b(this,X,new MutationObserver(l(this,_t)))}static get observedAttributes(){return[M.DISABLED,M.HIDDEN,M.STYLE,M.ANCHOR,zt.MEDIA_CONTROLLER]}static formatMenuItemText(t,i){return t}enable(){this.addEventListener("click",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this),this.addEventListener("invoke",this),this.addEventListener("toggle",this)}disable(){this.removeEventListener("click",this),this.removeEventListener("focusout",this),this.removeEventListener("keyup",this),this.removeEventListener("invoke",this),this.removeEventListener("toggle",this)}handleEvent(t){switch(t.type){case"slotchange":h(this,Yt,Ue).call(this,t);break;case"invoke":h(this,Qt,Be).call(this,t);break;case"click":h(this,Vt,Oe).call(this,t);break;case"toggle":h(this,jt,Ne).call(this,t);break;case"focusout":h(this,te,Ke).call(this,t);break;case"keydown":h(this,ee,qe).call(this,t);break}}connectedCallback(){var t,i;l(this,X).observe(this.defaultSlot,{childList:!0}),b(this,tt,xe(this.shadowRoot,":host")),h(this,vt,Ft).call(this),this.hasAttribute("disabled")||this.enable(),this.role||(this.role="menu"),b(this,S,Ht(this)),(i=(t=l(this,S))==null?void 0:t.associateElement)==null||i.call(t,this),this.hidden||(Q(it(this),l(this,W)),Q(this,l(this,N))),h(this,bt,ae).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){var t,i;l(this,X).disconnect(),J(it(this),l(this,W)),J(this,l(this,N)),this.disable(),(i=(t=l(this,S))==null?void 0:t.unassociateElement)==null||i.call(t,this),b(this,S,null),b(this,L,null),b(this,x,null),this.shadowRoot.removeEventListener("slotchange",this)}attributeChangedCallback(t,i,n){var a,o,d,u;t===M.HIDDEN&&n!==i?(l(this,w)||b(this,w,!0),this.hidden?h(this,Xt,Pe).call(this):h(this,Jt,He).call(this),this.dispatchEvent(new ct({oldState:this.hidden?"open":"closed",newState:this.hidden?"closed":"open",bubbles:!0}))):t===zt.MEDIA_CONTROLLER?(i&&((o=(a=l(this,S))==null?void 0:a.unassociateElement)==null||o.call(a,this),b(this,S,null)),n&&this.isConnected&&(b(this,S,Ht(this)),(u=(d=l(this,S))==null?void 0:d.associateElement)==null||u.call(d,this))):t===M.DISABLED&&n!==i?n==null?this.enable():this.disable():t===M.STYLE&&n!==i&&h(this,vt,Ft).call(this)}formatMenuItemText(t,i){return this.constructor.formatMenuItemText(t,i)}get anchor(){return this.getAttribute("anchor")}set anchor(t){this.setAttribute("anchor",`${t}`)}get anchorElement(){var t;return this.anchor?(t=R(this))==null?void 0:t.querySelector(`#${this.anchor}`):null}get items(){return this.defaultSlot.assignedElements({flatten:!0}).filter(mi)}get radioGroupItems(){return this.items.filter(t=>t.role==="menuitemradio")}get checkedItems(){return this.items.filter(t=>t.checked)}get value(){var t,i;return(i=(t=this.checkedItems[0])==null?void 0:t.value)!=null?i:""}set value(t){let i=this.items.find(n=>n.value===t);i&&h(this,gt,ne).call(this,i)}focus(){if(b(this,L,Se()),this.items.length){h(this,j,At).call(this,this.items[0]),this.items[0].focus();return}let t=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');t?.focus()}handleSelect(t){var i;let n=h(this,V,kt).call(this,t);n&&(h(this,gt,ne).call(this,n,n.type==="checkbox"),l(this,x)&&!this.hidden&&((i=l(this,L))==null||i.focus(),this.hidden=!0))}get keysUsed(){return["Enter","Escape","Tab"," ","ArrowDown","ArrowUp","Home","End"]}handleMove(t){var i,n;let{key:a}=t,o=this.items,d=(n=(i=h(this,V,kt).call(this,t))!=null?i:h(this,ie,Ge).call(this))!=null?n:o[0],u=o.indexOf(d),m=Math.max(0,u);a==="ArrowDown"?m++:a==="ArrowUp"?m--:t.key==="Home"?m=0:t.key==="End"&&(m=o.length-1),m<0&&(m=o.length-1),m>o.length-1&&(m=0),h(this,j,At).call(this,o[m]),o[m].focus()}};S=new WeakMap;L=new WeakMap;x=new WeakMap;ft=new WeakMap;X=new WeakMap;w=new WeakMap;tt=new WeakMap;Yt=new WeakSet;Ue=function(e){let t=e.target;for(let i of t.assignedNodes({flatten:!0}))i.nodeType===3&&i.textContent.trim()===""&&i.remove();["header","title"].includes(t.name)&&h(this,bt,ae).call(this),t.name||l(this,_t).call(this)};bt=new WeakSet;ae=function(){let e=this.shadowRoot.querySelector('slot[name="header"]'),t=this.shadowRoot.querySelector('slot[name="title"]');e.hidden=t.assignedNodes().length===0&&e.assignedNodes().length===0};_t=new WeakMap;vt=new WeakSet;Ft=function(){var e;let t=this.shadowRoot.querySelector("#layout-row"),i=(e=getComputedStyle(this).getPropertyValue("--media-menu-layout"))==null?void 0:e.trim();t.setAttribute("media",i==="row"?"":"width:0")};Qt=new WeakSet;Be=function(e){b(this,x,e.relatedTarget),z(this,e.relatedTarget)||(this.hidden=!this.hidden)};Jt=new WeakSet;He=function(){var e;(e=l(this,x))==null||e.setAttribute("aria-expanded","true"),this.addEventListener("transitionend",()=>this.focus(),{once:!0}),Q(it(this),l(this,W)),Q(this,l(this,N))};Xt=new WeakSet;Pe=function(){var e;(e=l(this,x))==null||e.setAttribute("aria-expanded","false"),J(it(this),l(this,W)),J(this,l(this,N))};W=new WeakMap;N=new WeakMap;$=new WeakSet;et=function(e){if(this.hasAttribute("mediacontroller")&&!this.anchor||this.hidden||!this.anchorElement)return;let{x:t,y:i}=we({anchor:this.anchorElement,floating:this,placement:"top-start"});e??(e=this.offsetWidth);let a=it(this).getBoundingClientRect(),o=a.width-t-e,d=a.height-i-this.offsetHeight,{style:u}=l(this,tt);u.setProperty("position","absolute"),u.setProperty("right",`${Math.max(0,o)}px`),u.setProperty("--_menu-bottom",`${d}px`);let m=getComputedStyle(this),si=u.getPropertyValue("--_menu-bottom")===m.bottom?d:parseFloat(m.bottom),ai=a.height-si-parseFloat(m.marginBottom);this.style.setProperty("--_menu-max-height",`${ai}px`)};Et=new WeakSet;oe=function(e){let t=this.querySelector('[role="menuitem"][aria-haspopup][aria-expanded="true"]'),i=t?.querySelector('[role="menu"]'),{style:n}=l(this,tt);if(e||n.setProperty("--media-menu-transition-in","none"),i){let a=i.offsetHeight,o=Math.max(i.offsetWidth,t.offsetWidth);this.style.setProperty("min-width",`${o}px`),this.style.setProperty("min-height",`${a}px`),h(this,$,et).call(this,o)}else this.style.removeProperty("min-width"),this.style.removeProperty("min-height"),h(this,$,et).call(this);n.removeProperty("--media-menu-transition-in")};Vt=new WeakSet;Oe=function(e){var t;if(e.stopPropagation(),e.composedPath().includes(l(this,re,We))){(t=l(this,L))==null||t.focus(),this.hidden=!0;return}let i=h(this,V,kt).call(this,e);!i||i.hasAttribute("disabled")||(h(this,j,At).call(this,i),this.handleSelect(e))};re=new WeakSet;We=function(){var e;return(e=this.shadowRoot.querySelector('slot[name="header"]').assignedElements({flatten:!0}))==null?void 0:e.find(i=>i.matches('button[part~="back"]'))};jt=new WeakSet;Ne=function(e){if(e.target===this)return;h(this,le,$e).call(this);let t=Array.from(this.querySelectorAll('[role="menuitem"][aria-haspopup]'));for(let i of t)i.invokeTargetElement!=e.target&&e.newState=="open"&&i.getAttribute("aria-expanded")=="true"&&!i.invokeTargetElement.hidden&&i.invokeTargetElement.dispatchEvent(new I({relatedTarget:i}));for(let i of t)i.setAttribute("aria-expanded",`${!i.submenuElement.hidden}`);h(this,Et,oe).call(this,!0)};le=new WeakSet;$e=function(){let t=this.querySelector('[role="menuitem"] > [role="menu"]:not([hidden])');this.container.classList.toggle("has-expanded",!!t)};te=new WeakSet;Ke=function(e){var t;z(this,e.relatedTarget)||(l(this,w)&&((t=l(this,L))==null||t.focus()),l(this,x)&&l(this,x)!==e.relatedTarget&&!this.hidden&&(this.hidden=!0))};ee=new WeakSet;qe=function(e){var t,i,n,a,o;let{key:d,ctrlKey:u,altKey:m,metaKey:_}=e;if(!(u||m||_)&&this.keysUsed.includes(d))if(e.preventDefault(),e.stopPropagation(),d==="Tab"){if(l(this,w)){this.hidden=!0;return}e.shiftKey?(i=(t=this.previousElementSibling)==null?void 0:t.focus)==null||i.call(t):(a=(n=this.nextElementSibling)==null?void 0:n.focus)==null||a.call(n),this.blur()}else d==="Escape"?((o=l(this,L))==null||o.focus(),l(this,w)&&(this.hidden=!0)):d==="Enter"||d===" "?this.handleSelect(e):this.handleMove(e)};V=new WeakSet;kt=function(e){return e.composedPath().find(t=>["menuitemradio","menuitemcheckbox"].includes(t.role))};ie=new WeakSet;Ge=function(){return this.items.find(e=>e.tabIndex===0)};j=new WeakSet;At=function(e){for(let t of this.items)t.tabIndex=t===e?0:-1};gt=new WeakSet;ne=function(e,t){let i=[...this.checkedItems];e.type==="radio"&&this.radioGroupItems.forEach(n=>n.checked=!1),t?e.checked=!e.checked:e.checked=!0,this.checkedItems.some((n,a)=>n!=i[a])&&this.dispatchEvent(new Event("change",{bubbles:!0,composed:!0}))};T.shadowRootOptions={mode:"open"};T.getTemplateHTML=ui;function mi(e){return["menuitem","menuitemradio","menuitemcheckbox"].includes(e?.role)}function it(e){var t;return(t=e.getAttribute("bounds")?Ae(e,`#${e.getAttribute("bounds")}`):E(e)||e.parentElement)!=null?t:e}r.customElements.get("media-chrome-menu")||r.customElements.define("media-chrome-menu",T);var St=__reelShared[5],Ze=St.areSubsOn,de=St.formatTextTrackObj,Tt=St.parseTextTracksStr,yt=St.stringifyTextTrackList;var pi=__reelShared[7],p=pi.t;var me=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},fi=(e,t,i)=>(me(e,t,"read from private field"),i?i.call(e):t.get(e)),ce=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},vi=(e,t,i,n)=>(me(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),xt=(e,t,i)=>(me(e,t,"access private method"),i),Ct,It,he,Lt,ue,gi=`
  <svg aria-hidden="true" viewBox="0 0 26 24" part="captions-indicator indicator">
    <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
  </svg>`;function bi(e){return`
    ${T.getTemplateHTML(e)}
    <slot name="captions-indicator" hidden>${gi}</slot>
  `}var Mt=class extends T{constructor(){super(...arguments),ce(this,It),ce(this,Lt),ce(this,Ct,void 0)}static get observedAttributes(){return[...super.observedAttributes,s.MEDIA_SUBTITLES_LIST,s.MEDIA_SUBTITLES_SHOWING]}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===s.MEDIA_SUBTITLES_LIST&&i!==n?xt(this,It,he).call(this):t===s.MEDIA_SUBTITLES_SHOWING&&i!==n&&(this.value=n||"",xt(this,It,he).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",xt(this,Lt,ue))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",xt(this,Lt,ue))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:E(this).querySelector("media-captions-menu-button")}get mediaSubtitlesList(){return ze(this,s.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){Ye(this,s.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return ze(this,s.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){Ye(this,s.MEDIA_SUBTITLES_SHOWING,t)}};Ct=new WeakMap;It=new WeakSet;he=function(){var e;let t=fi(this,Ct)!==JSON.stringify(this.mediaSubtitlesList),i=this.value!==this.getAttribute(s.MEDIA_SUBTITLES_SHOWING);if(!t&&!i)return;vi(this,Ct,JSON.stringify(this.mediaSubtitlesList)),this.defaultSlot.textContent="";let n=!this.value,a=nt({type:"radio",text:this.formatMenuItemText(p("Off")),value:"off",checked:n});a.prepend(K(this,"checked-indicator")),this.defaultSlot.append(a);let o=this.mediaSubtitlesList;for(let d of o){let u=nt({type:"radio",text:this.formatMenuItemText(d.label,d),value:de(d),checked:this.value==de(d)});u.prepend(K(this,"checked-indicator")),((e=d.kind)!=null?e:"subs")==="captions"&&u.append(K(this,"captions-indicator")),this.defaultSlot.append(u)}};Lt=new WeakSet;ue=function(){let e=this.mediaSubtitlesShowing,t=this.getAttribute(s.MEDIA_SUBTITLES_SHOWING),i=this.value!==t;if(e?.length&&i&&this.dispatchEvent(new r.CustomEvent(A.MEDIA_DISABLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:e})),!this.value||!i)return;let n=new r.CustomEvent(A.MEDIA_SHOW_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(n)};Mt.getTemplateHTML=bi;var ze=(e,t)=>{let i=e.getAttribute(t);return i?Tt(i):[]},Ye=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let n=yt(i);e.getAttribute(t)!==n&&e.setAttribute(t,n)};r.customElements.get("media-captions-menu")||r.customElements.define("media-captions-menu",Mt);var _i=__reelShared[2],q=_i.MediaChromeButton;var D=class extends q{connectedCallback(){super.connectedCallback(),this.invokeTargetElement&&this.setAttribute("aria-haspopup","menu")}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=R(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):null}handleClick(){var t;(t=this.invokeTargetElement)==null||t.dispatchEvent(new I({relatedTarget:this}))}};r.customElements.get("media-chrome-menu-button")||r.customElements.define("media-chrome-menu-button",D);var Ei=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
</svg>`,ki=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M17.73 14.09a1.4 1.4 0 0 1-1 .37 1.579 1.579 0 0 1-1.27-.58A3 3 0 0 1 15 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34A2.89 2.89 0 0 0 19 9.07a3 3 0 0 0-2.14-.78 3.14 3.14 0 0 0-2.42 1 3.91 3.91 0 0 0-.93 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.17 3.17 0 0 0 1.07-1.74l-1.4-.45c-.083.43-.3.822-.62 1.12Zm-7.22 0a1.43 1.43 0 0 1-1 .37 1.58 1.58 0 0 1-1.27-.58A3 3 0 0 1 7.76 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34a2.81 2.81 0 0 0-.74-1.32 2.94 2.94 0 0 0-2.13-.78 3.18 3.18 0 0 0-2.43 1 4 4 0 0 0-.92 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.23 3.23 0 0 0 1.07-1.74l-1.4-.45a2.06 2.06 0 0 1-.6 1.07Zm12.32-8.41a2.59 2.59 0 0 0-2.3-2.51C18.72 3.05 15.86 3 13 3c-2.86 0-5.72.05-7.53.17a2.59 2.59 0 0 0-2.3 2.51c-.23 4.207-.23 8.423 0 12.63a2.57 2.57 0 0 0 2.3 2.5c1.81.13 4.67.19 7.53.19 2.86 0 5.72-.06 7.53-.19a2.57 2.57 0 0 0 2.3-2.5c.23-4.207.23-8.423 0-12.63Zm-1.49 12.53a1.11 1.11 0 0 1-.91 1.11c-1.67.11-4.45.18-7.43.18-2.98 0-5.76-.07-7.43-.18a1.11 1.11 0 0 1-.91-1.11c-.21-4.14-.21-8.29 0-12.43a1.11 1.11 0 0 1 .91-1.11C7.24 4.56 10 4.49 13 4.49s5.76.07 7.43.18a1.11 1.11 0 0 1 .91 1.11c.21 4.14.21 8.29 0 12.43Z"/>
</svg>`;function Ai(){return`
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
      <slot name="on">${Ei}</slot>
      <slot name="off">${ki}</slot>
    </slot>
  `}function Si(){return p("Captions")}var Fe=e=>{e.setAttribute("data-captions-enabled",Ze(e).toString())},Qe=e=>{e.setAttribute("aria-label",p("closed captions"))},st=class extends D{static get observedAttributes(){return[...super.observedAttributes,s.MEDIA_SUBTITLES_LIST,s.MEDIA_SUBTITLES_SHOWING,s.MEDIA_LANG]}connectedCallback(){super.connectedCallback(),Qe(this),Fe(this)}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===s.MEDIA_SUBTITLES_SHOWING?Fe(this):t===s.MEDIA_LANG&&Qe(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=E(this))==null?void 0:t.querySelector("media-captions-menu")}get mediaSubtitlesList(){return Je(this,s.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){Xe(this,s.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return Je(this,s.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){Xe(this,s.MEDIA_SUBTITLES_SHOWING,t)}};st.getSlotTemplateHTML=Ai;st.getTooltipContentHTML=Si;var Je=(e,t)=>{let i=e.getAttribute(t);return i?Tt(i):[]},Xe=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let n=yt(i);e.getAttribute(t)!==n&&e.setAttribute(t,n)};r.customElements.get("media-captions-menu-button")||r.customElements.define("media-captions-menu-button",st);var Ti=__reelShared[10],Ve=Ti.parseAudioTrackList;var be=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},je=(e,t,i)=>(be(e,t,"read from private field"),i?i.call(e):t.get(e)),wt=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},pe=(e,t,i,n)=>(be(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),Dt=(e,t,i)=>(be(e,t,"access private method"),i),at,Bt,Rt,fe,Ut,ve,ge=class extends T{constructor(){super(...arguments),wt(this,Rt),wt(this,Ut),wt(this,at,[]),wt(this,Bt,void 0)}static get observedAttributes(){return[...super.observedAttributes,s.MEDIA_AUDIO_TRACK_LIST,s.MEDIA_AUDIO_TRACK_ENABLED,s.MEDIA_AUDIO_TRACK_UNAVAILABLE]}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===s.MEDIA_AUDIO_TRACK_ENABLED&&i!==n?this.value=n:t===s.MEDIA_AUDIO_TRACK_LIST&&i!==n&&(pe(this,at,Ve(n??"")),Dt(this,Rt,fe).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",Dt(this,Ut,ve))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",Dt(this,Ut,ve))}get anchorElement(){var t;return this.anchor!=="auto"?super.anchorElement:(t=E(this))==null?void 0:t.querySelector("media-audio-track-menu-button")}get mediaAudioTrackList(){return je(this,at)}set mediaAudioTrackList(t){pe(this,at,t),Dt(this,Rt,fe).call(this)}get mediaAudioTrackEnabled(){var t;return(t=U(this,s.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){B(this,s.MEDIA_AUDIO_TRACK_ENABLED,t)}};at=new WeakMap;Bt=new WeakMap;Rt=new WeakSet;fe=function(){if(je(this,Bt)===JSON.stringify(this.mediaAudioTrackList))return;pe(this,Bt,JSON.stringify(this.mediaAudioTrackList));let e=this.mediaAudioTrackList;this.defaultSlot.textContent="",e.sort((t,i)=>t.id.localeCompare(i.id,void 0,{numeric:!0}));for(let t of e){let i=this.formatMenuItemText(t.label,t),n=nt({type:"radio",text:i,value:`${t.id}`,checked:t.enabled});n.prepend(K(this,"checked-indicator")),this.defaultSlot.append(n)}};Ut=new WeakSet;ve=function(){if(this.value==null)return;let e=new r.CustomEvent(A.MEDIA_AUDIO_TRACK_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(e)};r.customElements.get("media-audio-track-menu")||r.customElements.define("media-audio-track-menu",ge);var yi=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M11 17H9.5V7H11v10Zm-3-3H6.5v-4H8v4Zm6-5h-1.5v6H14V9Zm3 7h-1.5V8H17v8Z"/>
  <path d="M22 12c0 5.523-4.477 10-10 10S2 17.523 2 12 6.477 2 12 2s10 4.477 10 10Zm-2 0a8 8 0 1 0-16 0 8 8 0 0 0 16 0Z"/>
</svg>`;function xi(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${yi}</slot>
  `}function Ii(){return p("Audio")}var ti=e=>{let t=p("Audio");e.setAttribute("aria-label",t)},ot=class extends D{static get observedAttributes(){return[...super.observedAttributes,s.MEDIA_AUDIO_TRACK_ENABLED,s.MEDIA_AUDIO_TRACK_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),ti(this)}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===s.MEDIA_LANG&&ti(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=E(this))==null?void 0:t.querySelector("media-audio-track-menu")}get mediaAudioTrackEnabled(){var t;return(t=U(this,s.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){B(this,s.MEDIA_AUDIO_TRACK_ENABLED,t)}};ot.getSlotTemplateHTML=xi;ot.getTooltipContentHTML=Ii;r.customElements.get("media-audio-track-menu-button")||r.customElements.define("media-audio-track-menu-button",ot);var Li=__reelShared[4],ei=Li.AttributeTokenList;var Ci=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},G=(e,t,i)=>(Ci(e,t,"read from private field"),i?i.call(e):t.get(e)),Mi=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},C,_e={RATES:"rates"},wi=[1,1.2,1.5,1.7,2],rt=1;function Ee(e){return Math.round(e*100)/100}function Di(e){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }
    </style>
    <slot name="icon">${e.mediaplaybackrate?Ee(+e.mediaplaybackrate):rt}x</slot>
  `}function Ri(){return p("Playback rate")}var lt=class extends q{constructor(){var t;super(),Mi(this,C,new ei(this,_e.RATES,{defaultValue:wi})),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${Ee((t=this.mediaPlaybackRate)!=null?t:rt)}x`}static get observedAttributes(){return[...super.observedAttributes,s.MEDIA_PLAYBACK_RATE,_e.RATES]}attributeChangedCallback(t,i,n){if(super.attributeChangedCallback(t,i,n),t===_e.RATES&&(G(this,C).value=n),t===s.MEDIA_PLAYBACK_RATE){let a=n?+n:Number.NaN,o=Ee(Number.isNaN(a)?rt:a);this.container.innerHTML=`${o}x`,this.setAttribute("aria-label",p("Playback rate {playbackRate}",{playbackRate:o}))}}get rates(){return G(this,C)}set rates(t){t?Array.isArray(t)?G(this,C).value=t.join(" "):typeof t=="string"&&(G(this,C).value=t):G(this,C).value=""}get mediaPlaybackRate(){return ye(this,s.MEDIA_PLAYBACK_RATE,rt)}set mediaPlaybackRate(t){Le(this,s.MEDIA_PLAYBACK_RATE,t)}handleClick(){var t,i;let n=Array.from(G(this,C).values(),d=>+d).sort((d,u)=>d-u),a=(i=(t=n.find(d=>d>this.mediaPlaybackRate))!=null?t:n[0])!=null?i:rt,o=new r.CustomEvent(A.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:a});this.dispatchEvent(o)}};C=new WeakMap;lt.getSlotTemplateHTML=Di;lt.getTooltipContentHTML=Ri;r.customElements.get("media-playback-rate-button")||r.customElements.define("media-playback-rate-button",lt);var ii=`<svg aria-hidden="true" viewBox="0 0 28 24">
  <path d="M24 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h20a1 1 0 0 0 1-1V4a1 1 0 0 0-1-1Zm-1 16H5V5h18v14Zm-3-8h-7v5h7v-5Z"/>
</svg>`;function Ui(e){return`
    <style>
      :host([${s.MEDIA_IS_PIP}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      :host(:not([${s.MEDIA_IS_PIP}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${s.MEDIA_IS_PIP}]) slot[name=tooltip-enter],
      :host(:not([${s.MEDIA_IS_PIP}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${ii}</slot>
      <slot name="exit">${ii}</slot>
    </slot>
  `}function Bi(){return`
    <slot name="tooltip-enter">${p("Enter picture in picture mode")}</slot>
    <slot name="tooltip-exit">${p("Exit picture in picture mode")}</slot>
  `}var ni=e=>{let t=e.mediaIsPip?p("exit picture in picture mode"):p("enter picture in picture mode");e.setAttribute("aria-label",t)},dt=class extends q{static get observedAttributes(){return[...super.observedAttributes,s.MEDIA_IS_PIP,s.MEDIA_PIP_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),ni(this)}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===s.MEDIA_IS_PIP&&ni(this)}get mediaPipUnavailable(){return U(this,s.MEDIA_PIP_UNAVAILABLE)}set mediaPipUnavailable(t){B(this,s.MEDIA_PIP_UNAVAILABLE,t)}get mediaIsPip(){return Te(this,s.MEDIA_IS_PIP)}set mediaIsPip(t){Ie(this,s.MEDIA_IS_PIP,t)}handleClick(){let t=this.mediaIsPip?A.MEDIA_EXIT_PIP_REQUEST:A.MEDIA_ENTER_PIP_REQUEST;this.dispatchEvent(new r.CustomEvent(t,{composed:!0,bubbles:!0}))}};dt.getSlotTemplateHTML=Ui;dt.getTooltipContentHTML=Bi;r.customElements.get("media-pip-button")||r.customElements.define("media-pip-button",dt);}
