export function install(__reelShared){var Ge=__reelShared[9],et=Ge.document,l=Ge.globalThis;var I=class extends Event{constructor({action:t="auto",relatedTarget:i,...s}){super("invoke",s),this.action=t,this.relatedTarget=i}},yt=class extends Event{constructor({newState:t,oldState:i,...s}){super("toggle",s),this.newState=t,this.oldState=i}};var f=__reelShared[6],Ze=f.closestComposedNode,C=f.containsComposedNode,St=f.getActiveElement,jt=f.getAttributeMediaController,At=f.getBooleanAttr,K=f.getDocumentOrShadowRoot,_=f.getMediaController,Fe=f.getNumericAttr,Qe=f.getOrInsertCSSRule,L=f.getStringAttr,Je=f.insertCSSRule,q=f.namedNodeMapToObject,Tt=f.setBooleanAttr,Xe=f.setNumericAttr,M=f.setStringAttr;var ae=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},v=(e,t,i)=>(ae(e,t,"read from private field"),i?i.call(e):t.get(e)),T=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},te=(e,t,i,s)=>(ae(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),z=(e,t,i)=>(ae(e,t,"access private method"),i),xt,st,ee,Ve,It,oe,re,je,E,Y,ie,wt,se;function Pi(e){return`
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
  `}function Wi(e){return""}var b={TYPE:"type",VALUE:"value",CHECKED:"checked",DISABLED:"disabled"},G=class extends l.HTMLElement{constructor(){if(super(),T(this,ee),T(this,It),T(this,re),T(this,wt),T(this,xt,!1),T(this,st,void 0),T(this,E,()=>{var t,i;this.submenuElement.items&&this.setAttribute("submenusize",`${this.submenuElement.items.length}`);let s=this.shadowRoot.querySelector('slot[name="description"]'),n=(t=this.submenuElement.checkedItems)==null?void 0:t[0],o=(i=n?.dataset.description)!=null?i:n?.text,r=et.createElement("span");r.textContent=o??"",s.replaceChildren(r)}),T(this,Y,t=>{let{key:i}=t;if(!this.keysUsed.includes(i)){this.removeEventListener("keyup",v(this,Y));return}this.handleClick(t)}),T(this,ie,t=>{let{metaKey:i,altKey:s,key:n}=t;if(i||s||!this.keysUsed.includes(n)){this.removeEventListener("keyup",v(this,Y));return}this.addEventListener("keyup",v(this,Y),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=q(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}}static get observedAttributes(){return[b.TYPE,b.DISABLED,b.CHECKED,b.VALUE]}enable(){this.hasAttribute("tabindex")||this.setAttribute("tabindex","-1"),it(this)&&!this.hasAttribute("aria-checked")&&this.setAttribute("aria-checked","false"),this.addEventListener("click",this),this.addEventListener("keydown",this)}disable(){this.removeAttribute("tabindex"),this.removeEventListener("click",this),this.removeEventListener("keydown",this),this.removeEventListener("keyup",this)}handleEvent(t){switch(t.type){case"slotchange":z(this,ee,Ve).call(this,t);break;case"click":this.handleClick(t);break;case"keydown":v(this,ie).call(this,t);break;case"keyup":v(this,Y).call(this,t);break}}attributeChangedCallback(t,i,s){t===b.CHECKED&&it(this)&&!v(this,xt)?this.setAttribute("aria-checked",s!=null?"true":"false"):t===b.TYPE&&s!==i?this.role="menuitem"+s:t===b.DISABLED&&s!==i&&(s==null?this.enable():this.disable())}connectedCallback(){this.hasAttribute(b.DISABLED)||this.enable(),this.role="menuitem"+this.type,te(this,st,ne(this,this.parentNode)),z(this,wt,se).call(this),this.submenuElement&&z(this,It,oe).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){this.disable(),z(this,wt,se).call(this),te(this,st,null),this.shadowRoot.removeEventListener("slotchange",this)}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=K(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):this.submenuElement}get submenuElement(){return this.shadowRoot.querySelector('slot[name="submenu"]').assignedElements({flatten:!0})[0]}get type(){var t;return(t=this.getAttribute(b.TYPE))!=null?t:""}set type(t){this.setAttribute(b.TYPE,`${t}`)}get value(){var t;return(t=this.getAttribute(b.VALUE))!=null?t:this.text}set value(t){this.setAttribute(b.VALUE,t)}get text(){var t;return((t=this.textContent)!=null?t:"").trim()}get checked(){if(it(this))return this.getAttribute("aria-checked")==="true"}set checked(t){it(this)&&(te(this,xt,!0),this.setAttribute("aria-checked",t?"true":"false"),t?this.part.add("checked"):this.part.remove("checked"))}handleClick(t){it(this)||this.invokeTargetElement&&C(this,t.target)&&this.invokeTargetElement.dispatchEvent(new I({relatedTarget:this}))}get keysUsed(){return["Enter"," "]}};xt=new WeakMap;st=new WeakMap;ee=new WeakSet;Ve=function(e){let t=e.target;if(!t?.name)for(let s of t.assignedNodes({flatten:!0}))s instanceof Text&&s.textContent.trim()===""&&s.remove();t.name==="submenu"&&(this.submenuElement?z(this,It,oe).call(this):z(this,re,je).call(this))};It=new WeakSet;oe=async function(){this.setAttribute("aria-haspopup","menu"),this.setAttribute("aria-expanded",`${!this.submenuElement.hidden}`),this.submenuElement.addEventListener("change",v(this,E)),this.submenuElement.addEventListener("addmenuitem",v(this,E)),this.submenuElement.addEventListener("removemenuitem",v(this,E)),v(this,E).call(this)};re=new WeakSet;je=function(){this.removeAttribute("aria-haspopup"),this.removeAttribute("aria-expanded"),this.submenuElement.removeEventListener("change",v(this,E)),this.submenuElement.removeEventListener("addmenuitem",v(this,E)),this.submenuElement.removeEventListener("removemenuitem",v(this,E)),v(this,E).call(this)};E=new WeakMap;Y=new WeakMap;ie=new WeakMap;wt=new WeakSet;se=function(){var e;let t=(e=v(this,st))==null?void 0:e.radioGroupItems;if(!t)return;let i=t.filter(s=>s.getAttribute("aria-checked")==="true").pop();i||(i=t[0]);for(let s of t)s.setAttribute("aria-checked","false");i?.setAttribute("aria-checked","true")};G.shadowRootOptions={mode:"open"};G.getTemplateHTML=Pi;G.getSuffixSlotInnerHTML=Wi;function it(e){return e.type==="radio"||e.type==="checkbox"}function ne(e,t){if(!e)return null;let{host:i}=e.getRootNode();return!t&&i?ne(e,i):t?.items?t:ne(t,t?.parentNode)}l.customElements.get("media-chrome-menu-item")||l.customElements.define("media-chrome-menu-item",G);var le=__reelShared[0],ce=le.MediaStateReceiverAttributes,a=le.MediaUIAttributes,y=le.MediaUIEvents;function ti({anchor:e,floating:t,placement:i}){let s=Ui({anchor:e,floating:t}),{x:n,y:o}=Ni(s,i);return{x:n,y:o}}function Ui({anchor:e,floating:t}){return{anchor:Bi(e,t.offsetParent),floating:{x:0,y:0,width:t.offsetWidth,height:t.offsetHeight}}}function Bi(e,t){var i;let s=e.getBoundingClientRect(),n=(i=t?.getBoundingClientRect())!=null?i:{x:0,y:0};return{x:s.x-n.x,y:s.y-n.y,width:s.width,height:s.height}}function Ni({anchor:e,floating:t},i){let s=$i(i)==="x"?"y":"x",n=s==="y"?"height":"width",o=ei(i),r=e.x+e.width/2-t.width/2,u=e.y+e.height/2-t.height/2,m=e[n]/2-t[n]/2,g;switch(o){case"top":g={x:r,y:e.y-t.height};break;case"bottom":g={x:r,y:e.y+e.height};break;case"right":g={x:e.x+e.width,y:u};break;case"left":g={x:e.x-t.width,y:u};break;default:g={x:e.x,y:e.y}}switch(i.split("-")[1]){case"start":g[s]-=m;break;case"end":g[s]+=m;break}return g}function ei(e){return e.split("-")[0]}function $i(e){return["top","bottom"].includes(ei(e))?"y":"x"}var ii=__reelShared[8],nt=ii.observeResize,at=ii.unobserveResize;var Ee=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},c=(e,t,i)=>(Ee(e,t,"read from private field"),i?i.call(e):t.get(e)),d=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},k=(e,t,i,s)=>(Ee(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),h=(e,t,i)=>(Ee(e,t,"access private method"),i),S,D,x,Ct,ot,W,ct,de,si,Dt,ye,Rt,Lt,he,ue,ni,me,ai,pe,oi,Z,F,Q,dt,Ht,Se,fe,ri,Ae,li,ve,ci,Te,di,ge,hi,be,ui,rt,Ot,ke,mi,lt,Pt,Mt,_e;function ut({type:e,text:t,value:i,checked:s}){let n=et.createElement("media-chrome-menu-item");n.type=e??"",n.part.add("menu-item"),e&&n.part.add(e),n.value=i,n.checked=s;let o=et.createElement("span");return o.textContent=t,n.append(o),n}function J(e,t){let i=e.querySelector(`:scope > [slot="${t}"]`);if(i?.nodeName=="SLOT"&&(i=i.assignedElements({flatten:!0})[0]),i)return i=i.cloneNode(!0),i;let s=e.shadowRoot.querySelector(`[name="${t}"] > svg`);return s?s.cloneNode(!0):""}function Ki(e){return`
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
  `}var P={STYLE:"style",HIDDEN:"hidden",DISABLED:"disabled",ANCHOR:"anchor"},A=class extends l.HTMLElement{constructor(){if(super(),d(this,de),d(this,Dt),d(this,Lt),d(this,ue),d(this,me),d(this,pe),d(this,Q),d(this,Ht),d(this,fe),d(this,Ae),d(this,ve),d(this,Te),d(this,ge),d(this,be),d(this,rt),d(this,ke),d(this,lt),d(this,Mt),d(this,S,null),d(this,D,null),d(this,x,null),d(this,Ct,new Set),d(this,ot,void 0),d(this,W,!1),d(this,ct,null),d(this,Rt,()=>{let t=c(this,Ct),i=new Set(this.items);for(let s of t)i.has(s)||this.dispatchEvent(new CustomEvent("removemenuitem",{detail:s}));for(let s of i)t.has(s)||this.dispatchEvent(new CustomEvent("addmenuitem",{detail:s}));k(this,Ct,i)}),d(this,Z,()=>{h(this,Q,dt).call(this),h(this,Ht,Se).call(this,!1)}),d(this,F,()=>{h(this,Q,dt).call(this)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=q(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}this.container=this.shadowRoot.querySelector("#container"),this.defaultSlot=this.shadowRoot.querySelector("slot:not([name])"),k(this,ot,new MutationObserver(c(this,Rt)))}static get observedAttributes(){return[P.DISABLED,P.HIDDEN,P.STYLE,P.ANCHOR,ce.MEDIA_CONTROLLER]}static formatMenuItemText(t,i){return t}enable(){this.addEventListener("click",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this),this.addEventListener("invoke",this),this.addEventListener("toggle",this)}disable(){this.removeEventListener("click",this),this.removeEventListener("focusout",this),this.removeEventListener("keyup",this),this.removeEventListener("invoke",this),this.removeEventListener("toggle",this)}handleEvent(t){switch(t.type){case"slotchange":h(this,de,si).call(this,t);break;case"invoke":h(this,ue,ni).call(this,t);break;case"click":h(this,fe,ri).call(this,t);break;case"toggle":h(this,ve,ci).call(this,t);break;case"focusout":h(this,ge,hi).call(this,t);break;case"keydown":h(this,be,ui).call(this,t);break}}connectedCallback(){var t,i;c(this,ot).observe(this.defaultSlot,{childList:!0}),k(this,ct,Je(this.shadowRoot,":host")),h(this,Lt,he).call(this),this.hasAttribute("disabled")||this.enable(),this.role||(this.role="menu"),k(this,S,jt(this)),(i=(t=c(this,S))==null?void 0:t.associateElement)==null||i.call(t,this),this.hidden||(nt(ht(this),c(this,Z)),nt(this,c(this,F))),h(this,Dt,ye).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){var t,i;c(this,ot).disconnect(),at(ht(this),c(this,Z)),at(this,c(this,F)),this.disable(),(i=(t=c(this,S))==null?void 0:t.unassociateElement)==null||i.call(t,this),k(this,S,null),k(this,D,null),k(this,x,null),this.shadowRoot.removeEventListener("slotchange",this)}attributeChangedCallback(t,i,s){var n,o,r,u;t===P.HIDDEN&&s!==i?(c(this,W)||k(this,W,!0),this.hidden?h(this,pe,oi).call(this):h(this,me,ai).call(this),this.dispatchEvent(new yt({oldState:this.hidden?"open":"closed",newState:this.hidden?"closed":"open",bubbles:!0}))):t===ce.MEDIA_CONTROLLER?(i&&((o=(n=c(this,S))==null?void 0:n.unassociateElement)==null||o.call(n,this),k(this,S,null)),s&&this.isConnected&&(k(this,S,jt(this)),(u=(r=c(this,S))==null?void 0:r.associateElement)==null||u.call(r,this))):t===P.DISABLED&&s!==i?s==null?this.enable():this.disable():t===P.STYLE&&s!==i&&h(this,Lt,he).call(this)}formatMenuItemText(t,i){return this.constructor.formatMenuItemText(t,i)}get anchor(){return this.getAttribute("anchor")}set anchor(t){this.setAttribute("anchor",`${t}`)}get anchorElement(){var t;return this.anchor?(t=K(this))==null?void 0:t.querySelector(`#${this.anchor}`):null}get items(){return this.defaultSlot.assignedElements({flatten:!0}).filter(qi)}get radioGroupItems(){return this.items.filter(t=>t.role==="menuitemradio")}get checkedItems(){return this.items.filter(t=>t.checked)}get value(){var t,i;return(i=(t=this.checkedItems[0])==null?void 0:t.value)!=null?i:""}set value(t){let i=this.items.find(s=>s.value===t);i&&h(this,Mt,_e).call(this,i)}focus(){if(k(this,D,St()),this.items.length){h(this,lt,Pt).call(this,this.items[0]),this.items[0].focus();return}let t=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');t?.focus()}handleSelect(t){var i;let s=h(this,rt,Ot).call(this,t);s&&(h(this,Mt,_e).call(this,s,s.type==="checkbox"),c(this,x)&&!this.hidden&&((i=c(this,D))==null||i.focus(),this.hidden=!0))}get keysUsed(){return["Enter","Escape","Tab"," ","ArrowDown","ArrowUp","Home","End"]}handleMove(t){var i,s;let{key:n}=t,o=this.items,r=(s=(i=h(this,rt,Ot).call(this,t))!=null?i:h(this,ke,mi).call(this))!=null?s:o[0],u=o.indexOf(r),m=Math.max(0,u);n==="ArrowDown"?m++:n==="ArrowUp"?m--:t.key==="Home"?m=0:t.key==="End"&&(m=o.length-1),m<0&&(m=o.length-1),m>o.length-1&&(m=0),h(this,lt,Pt).call(this,o[m]),o[m].focus()}};S=new WeakMap;D=new WeakMap;x=new WeakMap;Ct=new WeakMap;ot=new WeakMap;W=new WeakMap;ct=new WeakMap;de=new WeakSet;si=function(e){let t=e.target;for(let i of t.assignedNodes({flatten:!0}))i.nodeType===3&&i.textContent.trim()===""&&i.remove();["header","title"].includes(t.name)&&h(this,Dt,ye).call(this),t.name||c(this,Rt).call(this)};Dt=new WeakSet;ye=function(){let e=this.shadowRoot.querySelector('slot[name="header"]'),t=this.shadowRoot.querySelector('slot[name="title"]');e.hidden=t.assignedNodes().length===0&&e.assignedNodes().length===0};Rt=new WeakMap;Lt=new WeakSet;he=function(){var e;let t=this.shadowRoot.querySelector("#layout-row"),i=(e=getComputedStyle(this).getPropertyValue("--media-menu-layout"))==null?void 0:e.trim();t.setAttribute("media",i==="row"?"":"width:0")};ue=new WeakSet;ni=function(e){k(this,x,e.relatedTarget),C(this,e.relatedTarget)||(this.hidden=!this.hidden)};me=new WeakSet;ai=function(){var e;(e=c(this,x))==null||e.setAttribute("aria-expanded","true"),this.addEventListener("transitionend",()=>this.focus(),{once:!0}),nt(ht(this),c(this,Z)),nt(this,c(this,F))};pe=new WeakSet;oi=function(){var e;(e=c(this,x))==null||e.setAttribute("aria-expanded","false"),at(ht(this),c(this,Z)),at(this,c(this,F))};Z=new WeakMap;F=new WeakMap;Q=new WeakSet;dt=function(e){if(this.hasAttribute("mediacontroller")&&!this.anchor||this.hidden||!this.anchorElement)return;let{x:t,y:i}=ti({anchor:this.anchorElement,floating:this,placement:"top-start"});e??(e=this.offsetWidth);let n=ht(this).getBoundingClientRect(),o=n.width-t-e,r=n.height-i-this.offsetHeight,{style:u}=c(this,ct);u.setProperty("position","absolute"),u.setProperty("right",`${Math.max(0,o)}px`),u.setProperty("--_menu-bottom",`${r}px`);let m=getComputedStyle(this),Hi=u.getPropertyValue("--_menu-bottom")===m.bottom?r:parseFloat(m.bottom),Oi=n.height-Hi-parseFloat(m.marginBottom);this.style.setProperty("--_menu-max-height",`${Oi}px`)};Ht=new WeakSet;Se=function(e){let t=this.querySelector('[role="menuitem"][aria-haspopup][aria-expanded="true"]'),i=t?.querySelector('[role="menu"]'),{style:s}=c(this,ct);if(e||s.setProperty("--media-menu-transition-in","none"),i){let n=i.offsetHeight,o=Math.max(i.offsetWidth,t.offsetWidth);this.style.setProperty("min-width",`${o}px`),this.style.setProperty("min-height",`${n}px`),h(this,Q,dt).call(this,o)}else this.style.removeProperty("min-width"),this.style.removeProperty("min-height"),h(this,Q,dt).call(this);s.removeProperty("--media-menu-transition-in")};fe=new WeakSet;ri=function(e){var t;if(e.stopPropagation(),e.composedPath().includes(c(this,Ae,li))){(t=c(this,D))==null||t.focus(),this.hidden=!0;return}let i=h(this,rt,Ot).call(this,e);!i||i.hasAttribute("disabled")||(h(this,lt,Pt).call(this,i),this.handleSelect(e))};Ae=new WeakSet;li=function(){var e;return(e=this.shadowRoot.querySelector('slot[name="header"]').assignedElements({flatten:!0}))==null?void 0:e.find(i=>i.matches('button[part~="back"]'))};ve=new WeakSet;ci=function(e){if(e.target===this)return;h(this,Te,di).call(this);let t=Array.from(this.querySelectorAll('[role="menuitem"][aria-haspopup]'));for(let i of t)i.invokeTargetElement!=e.target&&e.newState=="open"&&i.getAttribute("aria-expanded")=="true"&&!i.invokeTargetElement.hidden&&i.invokeTargetElement.dispatchEvent(new I({relatedTarget:i}));for(let i of t)i.setAttribute("aria-expanded",`${!i.submenuElement.hidden}`);h(this,Ht,Se).call(this,!0)};Te=new WeakSet;di=function(){let t=this.querySelector('[role="menuitem"] > [role="menu"]:not([hidden])');this.container.classList.toggle("has-expanded",!!t)};ge=new WeakSet;hi=function(e){var t;C(this,e.relatedTarget)||(c(this,W)&&((t=c(this,D))==null||t.focus()),c(this,x)&&c(this,x)!==e.relatedTarget&&!this.hidden&&(this.hidden=!0))};be=new WeakSet;ui=function(e){var t,i,s,n,o;let{key:r,ctrlKey:u,altKey:m,metaKey:g}=e;if(!(u||m||g)&&this.keysUsed.includes(r))if(e.preventDefault(),e.stopPropagation(),r==="Tab"){if(c(this,W)){this.hidden=!0;return}e.shiftKey?(i=(t=this.previousElementSibling)==null?void 0:t.focus)==null||i.call(t):(n=(s=this.nextElementSibling)==null?void 0:s.focus)==null||n.call(s),this.blur()}else r==="Escape"?((o=c(this,D))==null||o.focus(),c(this,W)&&(this.hidden=!0)):r==="Enter"||r===" "?this.handleSelect(e):this.handleMove(e)};rt=new WeakSet;Ot=function(e){return e.composedPath().find(t=>["menuitemradio","menuitemcheckbox"].includes(t.role))};ke=new WeakSet;mi=function(){return this.items.find(e=>e.tabIndex===0)};lt=new WeakSet;Pt=function(e){for(let t of this.items)t.tabIndex=t===e?0:-1};Mt=new WeakSet;_e=function(e,t){let i=[...this.checkedItems];e.type==="radio"&&this.radioGroupItems.forEach(s=>s.checked=!1),t?e.checked=!e.checked:e.checked=!0,this.checkedItems.some((s,n)=>s!=i[n])&&this.dispatchEvent(new Event("change",{bubbles:!0,composed:!0}))};A.shadowRootOptions={mode:"open"};A.getTemplateHTML=Ki;function qi(e){return["menuitem","menuitemradio","menuitemcheckbox"].includes(e?.role)}function ht(e){var t;return(t=e.getAttribute("bounds")?Ze(e,`#${e.getAttribute("bounds")}`):_(e)||e.parentElement)!=null?t:e}l.customElements.get("media-chrome-menu")||l.customElements.define("media-chrome-menu",A);var Wt=__reelShared[5],pi=Wt.areSubsOn,xe=Wt.formatTextTrackObj,Ut=Wt.parseTextTracksStr,Bt=Wt.stringifyTextTrackList;var Yi=__reelShared[7],p=Yi.t;var Le=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},zi=(e,t,i)=>(Le(e,t,"read from private field"),i?i.call(e):t.get(e)),we=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Gi=(e,t,i,s)=>(Le(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),Nt=(e,t,i)=>(Le(e,t,"access private method"),i),qt,$t,Ie,Kt,Ce,Zi=`
  <svg aria-hidden="true" viewBox="0 0 26 24" part="captions-indicator indicator">
    <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
  </svg>`;function Fi(e){return`
    ${A.getTemplateHTML(e)}
    <slot name="captions-indicator" hidden>${Zi}</slot>
  `}var Yt=class extends A{constructor(){super(...arguments),we(this,$t),we(this,Kt),we(this,qt,void 0)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_SUBTITLES_LIST,a.MEDIA_SUBTITLES_SHOWING]}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===a.MEDIA_SUBTITLES_LIST&&i!==s?Nt(this,$t,Ie).call(this):t===a.MEDIA_SUBTITLES_SHOWING&&i!==s&&(this.value=s||"",Nt(this,$t,Ie).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",Nt(this,Kt,Ce))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",Nt(this,Kt,Ce))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:_(this).querySelector("media-captions-menu-button")}get mediaSubtitlesList(){return fi(this,a.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){vi(this,a.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return fi(this,a.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){vi(this,a.MEDIA_SUBTITLES_SHOWING,t)}};qt=new WeakMap;$t=new WeakSet;Ie=function(){var e;let t=zi(this,qt)!==JSON.stringify(this.mediaSubtitlesList),i=this.value!==this.getAttribute(a.MEDIA_SUBTITLES_SHOWING);if(!t&&!i)return;Gi(this,qt,JSON.stringify(this.mediaSubtitlesList)),this.defaultSlot.textContent="";let s=!this.value,n=ut({type:"radio",text:this.formatMenuItemText(p("Off")),value:"off",checked:s});n.prepend(J(this,"checked-indicator")),this.defaultSlot.append(n);let o=this.mediaSubtitlesList;for(let r of o){let u=ut({type:"radio",text:this.formatMenuItemText(r.label,r),value:xe(r),checked:this.value==xe(r)});u.prepend(J(this,"checked-indicator")),((e=r.kind)!=null?e:"subs")==="captions"&&u.append(J(this,"captions-indicator")),this.defaultSlot.append(u)}};Kt=new WeakSet;Ce=function(){let e=this.mediaSubtitlesShowing,t=this.getAttribute(a.MEDIA_SUBTITLES_SHOWING),i=this.value!==t;if(e?.length&&i&&this.dispatchEvent(new l.CustomEvent(y.MEDIA_DISABLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:e})),!this.value||!i)return;let s=new l.CustomEvent(y.MEDIA_SHOW_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(s)};Yt.getTemplateHTML=Fi;var fi=(e,t)=>{let i=e.getAttribute(t);return i?Ut(i):[]},vi=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let s=Bt(i);e.getAttribute(t)!==s&&e.setAttribute(t,s)};l.customElements.get("media-captions-menu")||l.customElements.define("media-captions-menu",Yt);var Qi=__reelShared[2],X=Qi.MediaChromeButton;var U=class extends X{connectedCallback(){super.connectedCallback(),this.invokeTargetElement&&this.setAttribute("aria-haspopup","menu")}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=K(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):null}handleClick(){var t;(t=this.invokeTargetElement)==null||t.dispatchEvent(new I({relatedTarget:this}))}};l.customElements.get("media-chrome-menu-button")||l.customElements.define("media-chrome-menu-button",U);var Ji=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
</svg>`,Xi=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M17.73 14.09a1.4 1.4 0 0 1-1 .37 1.579 1.579 0 0 1-1.27-.58A3 3 0 0 1 15 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34A2.89 2.89 0 0 0 19 9.07a3 3 0 0 0-2.14-.78 3.14 3.14 0 0 0-2.42 1 3.91 3.91 0 0 0-.93 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.17 3.17 0 0 0 1.07-1.74l-1.4-.45c-.083.43-.3.822-.62 1.12Zm-7.22 0a1.43 1.43 0 0 1-1 .37 1.58 1.58 0 0 1-1.27-.58A3 3 0 0 1 7.76 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34a2.81 2.81 0 0 0-.74-1.32 2.94 2.94 0 0 0-2.13-.78 3.18 3.18 0 0 0-2.43 1 4 4 0 0 0-.92 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.23 3.23 0 0 0 1.07-1.74l-1.4-.45a2.06 2.06 0 0 1-.6 1.07Zm12.32-8.41a2.59 2.59 0 0 0-2.3-2.51C18.72 3.05 15.86 3 13 3c-2.86 0-5.72.05-7.53.17a2.59 2.59 0 0 0-2.3 2.51c-.23 4.207-.23 8.423 0 12.63a2.57 2.57 0 0 0 2.3 2.5c1.81.13 4.67.19 7.53.19 2.86 0 5.72-.06 7.53-.19a2.57 2.57 0 0 0 2.3-2.5c.23-4.207.23-8.423 0-12.63Zm-1.49 12.53a1.11 1.11 0 0 1-.91 1.11c-1.67.11-4.45.18-7.43.18-2.98 0-5.76-.07-7.43-.18a1.11 1.11 0 0 1-.91-1.11c-.21-4.14-.21-8.29 0-12.43a1.11 1.11 0 0 1 .91-1.11C7.24 4.56 10 4.49 13 4.49s5.76.07 7.43.18a1.11 1.11 0 0 1 .91 1.11c.21 4.14.21 8.29 0 12.43Z"/>
</svg>`;function Vi(){return`
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
      <slot name="on">${Ji}</slot>
      <slot name="off">${Xi}</slot>
    </slot>
  `}function ji(){return p("Captions")}var gi=e=>{e.setAttribute("data-captions-enabled",pi(e).toString())},bi=e=>{e.setAttribute("aria-label",p("closed captions"))},mt=class extends U{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_SUBTITLES_LIST,a.MEDIA_SUBTITLES_SHOWING,a.MEDIA_LANG]}connectedCallback(){super.connectedCallback(),bi(this),gi(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===a.MEDIA_SUBTITLES_SHOWING?gi(this):t===a.MEDIA_LANG&&bi(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=_(this))==null?void 0:t.querySelector("media-captions-menu")}get mediaSubtitlesList(){return ki(this,a.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){_i(this,a.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return ki(this,a.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){_i(this,a.MEDIA_SUBTITLES_SHOWING,t)}};mt.getSlotTemplateHTML=Vi;mt.getTooltipContentHTML=ji;var ki=(e,t)=>{let i=e.getAttribute(t);return i?Ut(i):[]},_i=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let s=Bt(i);e.getAttribute(t)!==s&&e.setAttribute(t,s)};l.customElements.get("media-captions-menu-button")||l.customElements.define("media-captions-menu-button",mt);var ts=__reelShared[10],Ei=ts.parseAudioTrackList;var Oe=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},yi=(e,t,i)=>(Oe(e,t,"read from private field"),i?i.call(e):t.get(e)),zt=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Me=(e,t,i,s)=>(Oe(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),Gt=(e,t,i)=>(Oe(e,t,"access private method"),i),pt,Qt,Zt,De,Ft,Re,He=class extends A{constructor(){super(...arguments),zt(this,Zt),zt(this,Ft),zt(this,pt,[]),zt(this,Qt,void 0)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_AUDIO_TRACK_LIST,a.MEDIA_AUDIO_TRACK_ENABLED,a.MEDIA_AUDIO_TRACK_UNAVAILABLE]}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===a.MEDIA_AUDIO_TRACK_ENABLED&&i!==s?this.value=s:t===a.MEDIA_AUDIO_TRACK_LIST&&i!==s&&(Me(this,pt,Ei(s??"")),Gt(this,Zt,De).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",Gt(this,Ft,Re))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",Gt(this,Ft,Re))}get anchorElement(){var t;return this.anchor!=="auto"?super.anchorElement:(t=_(this))==null?void 0:t.querySelector("media-audio-track-menu-button")}get mediaAudioTrackList(){return yi(this,pt)}set mediaAudioTrackList(t){Me(this,pt,t),Gt(this,Zt,De).call(this)}get mediaAudioTrackEnabled(){var t;return(t=L(this,a.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){M(this,a.MEDIA_AUDIO_TRACK_ENABLED,t)}};pt=new WeakMap;Qt=new WeakMap;Zt=new WeakSet;De=function(){if(yi(this,Qt)===JSON.stringify(this.mediaAudioTrackList))return;Me(this,Qt,JSON.stringify(this.mediaAudioTrackList));let e=this.mediaAudioTrackList;this.defaultSlot.textContent="",e.sort((t,i)=>t.id.localeCompare(i.id,void 0,{numeric:!0}));for(let t of e){let i=this.formatMenuItemText(t.label,t),s=ut({type:"radio",text:i,value:`${t.id}`,checked:t.enabled});s.prepend(J(this,"checked-indicator")),this.defaultSlot.append(s)}};Ft=new WeakSet;Re=function(){if(this.value==null)return;let e=new l.CustomEvent(y.MEDIA_AUDIO_TRACK_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(e)};l.customElements.get("media-audio-track-menu")||l.customElements.define("media-audio-track-menu",He);var es=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M11 17H9.5V7H11v10Zm-3-3H6.5v-4H8v4Zm6-5h-1.5v6H14V9Zm3 7h-1.5V8H17v8Z"/>
  <path d="M22 12c0 5.523-4.477 10-10 10S2 17.523 2 12 6.477 2 12 2s10 4.477 10 10Zm-2 0a8 8 0 1 0-16 0 8 8 0 0 0 16 0Z"/>
</svg>`;function is(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${es}</slot>
  `}function ss(){return p("Audio")}var Si=e=>{let t=p("Audio");e.setAttribute("aria-label",t)},ft=class extends U{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_AUDIO_TRACK_ENABLED,a.MEDIA_AUDIO_TRACK_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),Si(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===a.MEDIA_LANG&&Si(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=_(this))==null?void 0:t.querySelector("media-audio-track-menu")}get mediaAudioTrackEnabled(){var t;return(t=L(this,a.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){M(this,a.MEDIA_AUDIO_TRACK_ENABLED,t)}};ft.getSlotTemplateHTML=is;ft.getTooltipContentHTML=ss;l.customElements.get("media-audio-track-menu-button")||l.customElements.define("media-audio-track-menu-button",ft);var ns=__reelShared[4],Ai=ns.AttributeTokenList;var as=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},V=(e,t,i)=>(as(e,t,"read from private field"),i?i.call(e):t.get(e)),os=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},R,Pe={RATES:"rates"},rs=[1,1.2,1.5,1.7,2],vt=1;function We(e){return Math.round(e*100)/100}function ls(e){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }
    </style>
    <slot name="icon">${e.mediaplaybackrate?We(+e.mediaplaybackrate):vt}x</slot>
  `}function cs(){return p("Playback rate")}var gt=class extends X{constructor(){var t;super(),os(this,R,new Ai(this,Pe.RATES,{defaultValue:rs})),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${We((t=this.mediaPlaybackRate)!=null?t:vt)}x`}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_PLAYBACK_RATE,Pe.RATES]}attributeChangedCallback(t,i,s){if(super.attributeChangedCallback(t,i,s),t===Pe.RATES&&(V(this,R).value=s),t===a.MEDIA_PLAYBACK_RATE){let n=s?+s:Number.NaN,o=We(Number.isNaN(n)?vt:n);this.container.innerHTML=`${o}x`,this.setAttribute("aria-label",p("Playback rate {playbackRate}",{playbackRate:o}))}}get rates(){return V(this,R)}set rates(t){t?Array.isArray(t)?V(this,R).value=t.join(" "):typeof t=="string"&&(V(this,R).value=t):V(this,R).value=""}get mediaPlaybackRate(){return Fe(this,a.MEDIA_PLAYBACK_RATE,vt)}set mediaPlaybackRate(t){Xe(this,a.MEDIA_PLAYBACK_RATE,t)}handleClick(){var t,i;let s=Array.from(V(this,R).values(),r=>+r).sort((r,u)=>r-u),n=(i=(t=s.find(r=>r>this.mediaPlaybackRate))!=null?t:s[0])!=null?i:vt,o=new l.CustomEvent(y.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:n});this.dispatchEvent(o)}};R=new WeakMap;gt.getSlotTemplateHTML=ls;gt.getTooltipContentHTML=cs;l.customElements.get("media-playback-rate-button")||l.customElements.define("media-playback-rate-button",gt);var Ti=`<svg aria-hidden="true" viewBox="0 0 28 24">
  <path d="M24 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h20a1 1 0 0 0 1-1V4a1 1 0 0 0-1-1Zm-1 16H5V5h18v14Zm-3-8h-7v5h7v-5Z"/>
</svg>`;function ds(e){return`
    <style>
      :host([${a.MEDIA_IS_PIP}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      :host(:not([${a.MEDIA_IS_PIP}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${a.MEDIA_IS_PIP}]) slot[name=tooltip-enter],
      :host(:not([${a.MEDIA_IS_PIP}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${Ti}</slot>
      <slot name="exit">${Ti}</slot>
    </slot>
  `}function hs(){return`
    <slot name="tooltip-enter">${p("Enter picture in picture mode")}</slot>
    <slot name="tooltip-exit">${p("Exit picture in picture mode")}</slot>
  `}var xi=e=>{let t=e.mediaIsPip?p("exit picture in picture mode"):p("enter picture in picture mode");e.setAttribute("aria-label",t)},bt=class extends X{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_IS_PIP,a.MEDIA_PIP_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),xi(this)}attributeChangedCallback(t,i,s){super.attributeChangedCallback(t,i,s),t===a.MEDIA_IS_PIP&&xi(this)}get mediaPipUnavailable(){return L(this,a.MEDIA_PIP_UNAVAILABLE)}set mediaPipUnavailable(t){M(this,a.MEDIA_PIP_UNAVAILABLE,t)}get mediaIsPip(){return At(this,a.MEDIA_IS_PIP)}set mediaIsPip(t){Tt(this,a.MEDIA_IS_PIP,t)}handleClick(){let t=this.mediaIsPip?y.MEDIA_EXIT_PIP_REQUEST:y.MEDIA_ENTER_PIP_REQUEST;this.dispatchEvent(new l.CustomEvent(t,{composed:!0,bubbles:!0}))}};bt.getSlotTemplateHTML=ds;bt.getTooltipContentHTML=hs;l.customElements.get("media-pip-button")||l.customElements.define("media-pip-button",bt);var Ye=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},N=(e,t,i)=>(Ye(e,t,"read from private field"),i?i.call(e):t.get(e)),w=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},ze=(e,t,i,s)=>(Ye(e,t,"write to private field"),s?s.call(e,i):t.set(e,i),i),B=(e,t,i)=>(Ye(e,t,"access private method"),i),Xt,_t,$,Jt,Ue,Be,wi,Ne,Ii,$e,Ci,Ke,Li,qe,Mi;function us(e){return`
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
  `}function ms(e){return`
    <slot id="content"></slot>
  `}var kt={OPEN:"open",ANCHOR:"anchor"},H=class extends l.HTMLElement{constructor(){super(),w(this,Jt),w(this,Be),w(this,Ne),w(this,$e),w(this,Ke),w(this,qe),w(this,Xt,!1),w(this,_t,null),w(this,$,null)}static get observedAttributes(){return[kt.OPEN,kt.ANCHOR]}get open(){return At(this,kt.OPEN)}set open(t){Tt(this,kt.OPEN,t)}handleEvent(t){switch(t.type){case"invoke":B(this,$e,Ci).call(this,t);break;case"focusout":B(this,Ke,Li).call(this,t);break;case"keydown":B(this,qe,Mi).call(this,t);break}}connectedCallback(){B(this,Jt,Ue).call(this),this.role||(this.role="dialog"),this.addEventListener("invoke",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this)}disconnectedCallback(){this.removeEventListener("invoke",this),this.removeEventListener("focusout",this),this.removeEventListener("keydown",this)}attributeChangedCallback(t,i,s){B(this,Jt,Ue).call(this),t===kt.OPEN&&s!==i&&(this.open?B(this,Be,wi).call(this):B(this,Ne,Ii).call(this))}focus(){ze(this,_t,St());let t=!this.dispatchEvent(new Event("focus",{composed:!0,cancelable:!0})),i=!this.dispatchEvent(new Event("focusin",{composed:!0,bubbles:!0,cancelable:!0}));if(t||i)return;let s=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');s?.focus()}get keysUsed(){return["Escape","Tab"]}};Xt=new WeakMap;_t=new WeakMap;$=new WeakMap;Jt=new WeakSet;Ue=function(){if(!N(this,Xt)&&(ze(this,Xt,!0),!this.shadowRoot)){this.attachShadow(this.constructor.shadowRootOptions);let e=q(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e),queueMicrotask(()=>{let{style:t}=Qe(this.shadowRoot,":host");t.setProperty("transition","display .15s, visibility .15s, opacity .15s ease-in, transform .15s ease-in")})}};Be=new WeakSet;wi=function(){var e;(e=N(this,$))==null||e.setAttribute("aria-expanded","true"),this.dispatchEvent(new Event("open",{composed:!0,bubbles:!0})),this.addEventListener("transitionend",()=>this.focus(),{once:!0})};Ne=new WeakSet;Ii=function(){var e;(e=N(this,$))==null||e.setAttribute("aria-expanded","false"),this.dispatchEvent(new Event("close",{composed:!0,bubbles:!0}))};$e=new WeakSet;Ci=function(e){ze(this,$,e.relatedTarget),C(this,e.relatedTarget)||(this.open=!this.open)};Ke=new WeakSet;Li=function(e){var t;C(this,e.relatedTarget)||((t=N(this,_t))==null||t.focus(),N(this,$)&&N(this,$)!==e.relatedTarget&&this.open&&(this.open=!1))};qe=new WeakSet;Mi=function(e){var t,i,s,n,o;let{key:r,ctrlKey:u,altKey:m,metaKey:g}=e;u||m||g||this.keysUsed.includes(r)&&(e.preventDefault(),e.stopPropagation(),r==="Tab"?(e.shiftKey?(i=(t=this.previousElementSibling)==null?void 0:t.focus)==null||i.call(t):(n=(s=this.nextElementSibling)==null?void 0:s.focus)==null||n.call(s),this.blur()):r==="Escape"&&((o=N(this,_t))==null||o.focus(),this.open=!1))};H.shadowRootOptions={mode:"open"};H.getTemplateHTML=us;H.getSlotTemplateHTML=ms;l.customElements.get("media-chrome-dialog")||l.customElements.define("media-chrome-dialog",H);var ps=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},O=(e,t,i)=>(ps(e,t,"read from private field"),i?i.call(e):t.get(e)),Di=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},j,tt,Et={HOTKEYS:"hotkeys"},fs=[{keys:[{key:" ",label:"Space"},{key:"k"}],description:"Toggle Playback"},{keys:[{key:"m"}],description:"Toggle mute"},{keys:[{key:"f"}],description:"Toggle fullscreen"},{keys:[{key:"c"}],description:"Toggle captions or subtitles, if available"},{keys:[{key:"p"}],description:"Toggle Picture in Picture"},{keys:[{key:"ArrowLeft",label:"←"},{key:"j"}],description:"Seek back 10s"},{keys:[{key:"ArrowRight",label:"→"},{key:"l"}],description:"Seek forward 10s"},{keys:[{key:"ArrowUp",label:"↑"}],description:"Turn volume up"},{keys:[{key:"ArrowDown",label:"↓"}],description:"Turn volume down"},{keys:[{key:"<",label:"< (SHIFT+,)"}],description:"Decrease playback rate"},{keys:[{key:">",label:"> (SHIFT+.)"}],description:"Increase playback rate"},{keys:[{key:"shift+/",label:"SHIFT+/"}],description:"Show keyboard shortcuts"}];function vs(e){return e===" "?"nospace":`no${e.toLowerCase()}`}function gs(e){let t=new Set(e?.split(/\s+/));return fs.map(({keys:i,description:s})=>({keys:i.filter(({key:n})=>!t.has(vs(n))),description:s})).filter(({keys:i})=>i.length)}function bs(e){return`
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
      ${Ri(e[Et.HOTKEYS])}
    </slot>
  `}function Ri(e){return`
    <h2>Keyboard Shortcuts</h2>
    <table class="shortcuts-table">${gs(e).map(({keys:i,description:s})=>`
        <tr>
          <td>
            <div class="key-combo">${i.map(({key:o,label:r=o},u)=>u>0?`<span class="key-separator">or</span><span class="key">${r}</span>`:`<span class="key">${r}</span>`).join("")}</div>
          </td>
          <td class="description">${s}</td>
        </tr>
      `).join("")}</table>
  `}var Vt=class extends H{constructor(){super(...arguments),Di(this,j,t=>{var i;if(!this.open)return;let s=(i=this.shadowRoot)==null?void 0:i.querySelector("#content");if(!s)return;let n=t.composedPath(),o=n[0]===this||n.includes(this),r=n.includes(s);o&&!r&&(this.open=!1)}),Di(this,tt,t=>{if(!this.open)return;let i=t.shiftKey&&(t.key==="/"||t.key==="?");(t.key==="Escape"||i)&&!t.ctrlKey&&!t.altKey&&!t.metaKey&&(this.open=!1,t.preventDefault(),t.stopPropagation())})}static get observedAttributes(){return[...super.observedAttributes,Et.HOTKEYS]}get hotkeys(){var t;return(t=L(this,Et.HOTKEYS))!=null?t:void 0}set hotkeys(t){M(this,Et.HOTKEYS,t)}connectedCallback(){super.connectedCallback(),this.open&&(this.addEventListener("click",O(this,j)),document.addEventListener("keydown",O(this,tt)))}disconnectedCallback(){this.removeEventListener("click",O(this,j)),document.removeEventListener("keydown",O(this,tt))}attributeChangedCallback(t,i,s){var n;if(super.attributeChangedCallback(t,i,s),t==="open")this.open?(this.addEventListener("click",O(this,j)),document.addEventListener("keydown",O(this,tt))):(this.removeEventListener("click",O(this,j)),document.removeEventListener("keydown",O(this,tt)));else if(t===Et.HOTKEYS&&s!==i){let o=(n=this.shadowRoot)==null?void 0:n.querySelector("#content");o&&(o.innerHTML=Ri(s))}}};j=new WeakMap;tt=new WeakMap;Vt.getSlotTemplateHTML=bs;l.customElements.get("media-keyboard-shortcuts-dialog")||l.customElements.define("media-keyboard-shortcuts-dialog",Vt);}
